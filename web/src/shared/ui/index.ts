export { ErrorBanner } from './error-banner';
export { LoadingState } from './loading-state';
export { RouterButton, type RouterButtonProps } from './router-button';
export { RouterLink, type RouterLinkProps } from './router-link';
export { getSystem } from './system';
export { TextField, type TextFieldProps } from './text-field';
