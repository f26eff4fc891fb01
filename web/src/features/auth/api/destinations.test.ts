import { describe, expect, it } from 'vitest';
import { homeRedirectFor, signInDestination } from './destinations';

const user = { uid: 'u', displayName: 'U', email: null, photoURL: null, role: 'user' as const };

describe('destinations', () => {
  it('lands admins on the dashboard and everyone else on the profile', () => {
    expect(signInDestination('admin')).toBe('/admin-dashboard');
    expect(signInDestination('user')).toBe('/profile');
  });

  it('sends only admins away from Home', () => {
    expect(homeRedirectFor({ ...user, role: 'admin' })).toBe('/admin-dashboard');
    expect(homeRedirectFor(user)).toBeNull();
    expect(homeRedirectFor(null)).toBeNull();
  });
});
