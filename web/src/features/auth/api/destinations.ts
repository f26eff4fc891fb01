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

/** What the sign-in page was sent with: where the user was going, and a fresh sign-up. */
export interface SignInState {
  from?: string;
  signedUpEmail?: string;
}

/**
 * The state a guard or the sign-up page hands to /sign-in, read defensively (history state is
 * whatever the browser kept): the path the user asked for, as `pathname + search + hash`.
 */
export function signInStateOf(state: unknown): SignInState {
  const s = (state ?? {}) as { from?: unknown; signedUpEmail?: unknown };
  const out: SignInState = {};
  const from = s.from as { pathname?: unknown; search?: unknown; hash?: unknown } | string | null;
  if (typeof from === 'string') out.from = from;
  else if (from && typeof from.pathname === 'string')
    out.from = `${from.pathname}${typeof from.search === 'string' ? from.search : ''}${
      typeof from.hash === 'string' ? from.hash : ''
    }`;
  // Same-origin paths only: never an absolute URL or a protocol-relative one.
  if (out.from !== undefined && !/^\/(?!\/)/.test(out.from)) delete out.from;
  if (typeof s.signedUpEmail === 'string') out.signedUpEmail = s.signedUpEmail;
  return out;
}

const isAdminPath = (path: string) => /^\/admin-dashboard(\/|$|\?|#)/.test(path);

/**
 * Where a sign-in lands: the page the user asked for when a guard sent them here (a shared note,
 * say) and their role may open it; else `fallback` (by role for a password sign-in; Home for
 * Google, spec section 7, whose route then sends an admin to the dashboard).
 */
export function afterSignIn(role: Role, from: string | undefined, fallback: string): string {
  if (from && (role === 'admin' ? isAdminPath(from) : !isAdminPath(from))) return from;
  return fallback;
}
