import { paths } from '../../../shared/routing/paths';
import type { Role, SessionUser } from './session';

/** Where a sign-in lands (spec section 2): admins on /admin-dashboard, everyone else on /profile. */
export function signInDestination(role: Role): string {
  return role === 'admin' ? paths.adminDashboard : paths.profile;
}

/**
 * The spec's second entry for `/` ("an admin to /admin-dashboard, others to /signin") sits behind
 * the Home entry in its route table, so Home wins for everyone but admins: an admin (whose header
 * is hidden and who has no use for the landing page) is sent to the dashboard; anyone else sees
 * Home. Sending every other visitor to /signin would make the landing page unreachable.
 */
export function homeRedirectFor(user: SessionUser | null): string | null {
  return user?.role === 'admin' ? paths.adminDashboard : null;
}
