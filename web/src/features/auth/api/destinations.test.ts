import { describe, expect, it } from 'vitest';
import { afterSignIn, homeRedirectFor, signInDestination, signInStateOf } from './destinations';

const user = {
  uid: 'u',
  displayName: 'U',
  email: null,
  photoURL: null,
  role: 'user' as const,
  passwordSignIn: true,
};

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

describe('after sign-in', () => {
  it('returns to the page a guard sent the user from, when their role may open it', () => {
    expect(afterSignIn('user', '/notes/abc?x=1', '/profile')).toBe('/notes/abc?x=1');
    expect(afterSignIn('user', '/admin-dashboard/users', '/profile')).toBe('/profile');
    expect(afterSignIn('admin', '/admin-dashboard/users', '/admin-dashboard')).toBe(
      '/admin-dashboard/users',
    );
    expect(afterSignIn('admin', '/profile', '/admin-dashboard')).toBe('/admin-dashboard');
    expect(afterSignIn('user', undefined, '/')).toBe('/');
  });

  it('reads the state defensively and keeps same-origin paths only', () => {
    expect(signInStateOf({ from: { pathname: '/notes/a', search: '?q=1', hash: '' } })).toEqual({
      from: '/notes/a?q=1',
    });
    expect(signInStateOf({ from: '//evil.example/x' })).toEqual({});
    expect(signInStateOf({ from: 'https://evil.example/' })).toEqual({});
    expect(signInStateOf(null)).toEqual({});
    expect(signInStateOf({ signedUpEmail: 'a@b.co', from: '/profile' })).toEqual({
      signedUpEmail: 'a@b.co',
      from: '/profile',
    });
  });
});
