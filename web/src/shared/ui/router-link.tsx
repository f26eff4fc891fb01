import { Link, type LinkProps } from '@chakra-ui/react';
import { Link as RouterLinkBase } from 'react-router-dom';

export interface RouterLinkProps extends Omit<LinkProps, 'href' | 'asChild'> {
  to: string;
  /** Called on click, e.g. to close a menu; navigation still happens. */
  onNavigate?: () => void;
  /** History state for the target page (e.g. where the user was going). */
  state?: unknown;
}

/** A Chakra-styled link that navigates client-side (no full reload, no refetch of the bundle). */
export function RouterLink({ to, onNavigate, state, children, ...rest }: RouterLinkProps) {
  return (
    <Link asChild {...rest}>
      <RouterLinkBase to={to} onClick={onNavigate} state={state}>
        {children}
      </RouterLinkBase>
    </Link>
  );
}
