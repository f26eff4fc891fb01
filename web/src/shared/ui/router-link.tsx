import { Link, type LinkProps } from '@chakra-ui/react';
import { Link as RouterLinkBase } from 'react-router-dom';

export interface RouterLinkProps extends Omit<LinkProps, 'href' | 'asChild'> {
  to: string;
  /** Called on click, e.g. to close a menu; navigation still happens. */
  onNavigate?: () => void;
}

/** A Chakra-styled link that navigates client-side (no full reload, no refetch of the bundle). */
export function RouterLink({ to, onNavigate, children, ...rest }: RouterLinkProps) {
  return (
    <Link asChild {...rest}>
      <RouterLinkBase to={to} onClick={onNavigate}>
        {children}
      </RouterLinkBase>
    </Link>
  );
}
