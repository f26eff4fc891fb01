import { Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  displayNameOf,
  useDisplayedUser,
  useSessionUser,
  useSignOut,
  type SessionUser,
} from '../../features/auth';
import { NotificationBell } from '../../features/notifications';
import { paths } from '../../shared/routing/paths';
import { ThemeToggle } from '../../shared/theme/theme-toggle';
import { MenuIcon } from '../../shared/ui/icons';
import { useHydrated } from '../../shared/utils/use-hydrated';

/** A client-side link styled like Chakra's Link (shared/ui/base.css). */
function NavLink({
  to,
  onNavigate,
  className,
  children,
}: {
  to: string;
  onNavigate?: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} onClick={onNavigate} className={className ? `nn-link ${className}` : 'nn-link'}>
      {children}
    </Link>
  );
}

function ProfileLink({ user, onNavigate }: { user: SessionUser | null; onNavigate?: () => void }) {
  if (!user) {
    return (
      <NavLink to={paths.signIn} onNavigate={onNavigate} className="nn-header__sign-in">
        Sign in
      </NavLink>
    );
  }
  const name = displayNameOf(user);
  return (
    <NavLink to={paths.profile} onNavigate={onNavigate} className="nn-header__profile">
      {user.photoURL ? (
        <img src={user.photoURL} alt="" data-testid="header-avatar" className="nn-avatar" />
      ) : (
        <span aria-hidden="true" className="nn-avatar nn-avatar--initial">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      {name}
    </NavLink>
  );
}

function SignOutButton({ onDone }: { onDone?: () => void }) {
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="nn-button nn-button--sm nn-button--outline"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        onDone?.();
        signOut()
          .catch((error: unknown) => console.error('sign-out failed', error))
          .finally(() => setBusy(false));
      }}
    >
      Sign Out
    </button>
  );
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const user = useDisplayedUser();
  // My Dashboard has its own Sign Out (spec section 2): one per page.
  const onProfile = useLocation().pathname === paths.profile;
  return (
    <>
      <li>
        <NavLink to={paths.home} onNavigate={onNavigate}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.about} onNavigate={onNavigate}>
          About
        </NavLink>
      </li>
      <li>
        <ProfileLink user={user} onNavigate={onNavigate} />
      </li>
      {user && !onProfile && (
        <li>
          <SignOutButton onDone={onNavigate} />
        </li>
      )}
    </>
  );
}

/**
 * Site header (spec section 2): brand with the Pro badge, Home, About, and the profile link or
 * "Sign in". On small screens the links move into a menu that closes when a link is followed.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: navigating anywhere closes it, without an
  // effect that would flash it open on the next page for one render.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);
  // Prerendered, the toggle has no handler until the app takes over: a tap would do nothing.
  const live = useHydrated();
  // The bell needs a confirmed session (its reads are the user's own), not the stored hint.
  const sessionUser = useSessionUser();

  return (
    <header className="nn-header">
      <div className="nn-container">
        <div className="nn-header__bar">
          <NavLink to={paths.home} onNavigate={close} className="nn-header__brand">
            NoteNest
            <span className="nn-badge">Pro</span>
          </NavLink>
          <nav aria-label="Main" className="nn-header__nav">
            <ul className="nn-header__links">
              <NavLinks />
            </ul>
          </nav>
          {sessionUser && (
            // A slot of the bell's size: the header does not move when the bell's code arrives.
            <span className="nn-header__bell-slot">
              <Suspense fallback={null}>
                <NotificationBell uid={sessionUser.uid} onNavigate={close} />
              </Suspense>
            </span>
          )}
          <ThemeToggle />
          <button
            type="button"
            className="nn-button nn-button--ghost nn-header__toggle"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            disabled={!live}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <MenuIcon open={open} />
          </button>
        </div>
      </div>
      {open && (
        <nav id="mobile-menu" aria-label="Mobile" className="nn-header__menu">
          <ul className="nn-header__menu-links">
            <NavLinks onNavigate={close} />
          </ul>
        </nav>
      )}
    </header>
  );
}

/**
 * For an admin on a public page (the spec hides the site header from admins): says whose view
 * this is and leads back to the admin area.
 */
export function AdminBar() {
  return (
    <div className="nn-admin-bar" role="region" aria-label="Admin">
      <div className="nn-container nn-admin-bar__inner">
        <span>You are viewing the site as an admin.</span>
        <NavLink to={paths.adminDashboard} className="nn-admin-bar__link">
          Back to Admin Dashboard
        </NavLink>
        <ThemeToggle onDark />
      </div>
    </div>
  );
}
