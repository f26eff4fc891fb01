import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link as RouterLinkBase } from 'react-router-dom';

export interface RouterButtonProps extends Omit<ButtonProps, 'asChild'> {
  to: string;
}

/**
 * A link that looks like a button. Navigation is a link (it opens in a new tab, shows its target
 * on hover and is announced as a link), which a button with an onClick would not be.
 */
export function RouterButton({ to, children, ...rest }: RouterButtonProps) {
  return (
    <Button asChild {...rest}>
      <RouterLinkBase to={to}>{children}</RouterLinkBase>
    </Button>
  );
}
