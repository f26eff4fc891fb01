/**
 * Styled native controls of the signed-in app's forms (the note form). They use the chakra()
 * factory with inline base styles instead of Chakra's input/textarea/select recipes, which the
 * app's system leaves out to keep the bundle small (shared/ui/system.ts holds only the recipes in use). Imported by path,
 * not through the shared/ui barrel, so pages without forms do not carry them.
 */
import { chakra } from '@chakra-ui/react';

const fieldBase = {
  width: '100%',
  minHeight: '10',
  px: '3',
  bg: 'bg.panel',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  rounded: 'md',
  fontSize: 'sm',
  outline: 'none',
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: 'fast',
  _placeholder: { color: 'gray.500' },
  _focusVisible: {
    borderColor: 'teal.focusRing',
    boxShadow: '0 0 0 1px var(--chakra-colors-teal-focus-ring)',
  },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  _invalid: { borderColor: 'red.600' },
} as const;

export const TextInput = chakra('input', { base: fieldBase });

export const TextArea = chakra('textarea', {
  base: { ...fieldBase, py: '2', minHeight: '24', resize: 'vertical', lineHeight: 'tall' },
});

export const NativeSelect = chakra('select', {
  base: { ...fieldBase, pe: '8', cursor: 'pointer' },
});

export const FieldLabel = chakra('label', {
  base: { display: 'block', fontSize: 'sm', fontWeight: 'semibold', mb: '1', color: 'fg' },
});

/** The popup list of a combobox (the note form's Course suggestions). */
export const PopupList = chakra('ul', {
  base: {
    position: 'absolute',
    zIndex: 'dropdown',
    top: 'calc(100% + 4px)',
    insetInline: 0,
    maxHeight: '64',
    overflowY: 'auto',
    bg: 'bg.panel',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'md',
    shadow: 'lg',
    py: '1',
    listStyle: 'none',
  },
});

export const PopupOption = chakra('li', {
  base: {
    px: '3',
    py: '2',
    fontSize: 'sm',
    cursor: 'pointer',
    color: 'fg',
    _hover: { bg: 'teal.subtle' },
    '&[data-active]': { bg: 'teal.muted' },
    '&[aria-selected=true]': { fontWeight: 'semibold' },
  },
});
