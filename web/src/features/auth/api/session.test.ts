import { describe, expect, it } from 'vitest';
import {
  SESSION_HINT_KEY,
  displayNameOf,
  displayedUser,
  readSessionHint,
  roleFromClaims,
  toSessionUser,
  writeSessionHint,
  type SessionUser,
} from './session';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const alice: SessionUser = {
  uid: 'u1',
  displayName: 'Alice',
  email: 'alice@example.edu',
  photoURL: null,
  passwordSignIn: true,
  role: 'user',
};

describe('session', () => {
  it('reads the role only from the role claim', () => {
    expect(roleFromClaims({ role: 'admin' })).toBe('admin');
    expect(roleFromClaims({ role: 'superuser' })).toBe('user');
    expect(roleFromClaims({})).toBe('user');
    const withPassword = { ...alice, providerData: [{ providerId: 'password' }] };
    expect(toSessionUser(withPassword, { role: 'admin' }).role).toBe('admin');
  });

  it('knows whether the account has a password to change (Google-only accounts have none)', () => {
    const google = { ...alice, providerData: [{ providerId: 'google.com' }] };
    expect(toSessionUser(google, {}).passwordSignIn).toBe(false);
    expect(
      toSessionUser({ ...google, providerData: [{ providerId: 'password' }] }, {}).passwordSignIn,
    ).toBe(true);
  });

  it('round-trips the hint and removes it on sign-out', () => {
    const s = memoryStorage();
    writeSessionHint(s, alice);
    expect(readSessionHint(s)).toEqual(alice);
    writeSessionHint(s, null);
    expect(s.map.has(SESSION_HINT_KEY)).toBe(false);
    expect(readSessionHint(s)).toBeNull();
  });

  it('treats a malformed hint as none', () => {
    const s = memoryStorage();
    for (const bad of [
      '{',
      'null',
      '[]',
      '{"uid":1}',
      JSON.stringify({ ...alice, role: 'root' }),
    ]) {
      s.map.set(SESSION_HINT_KEY, bad);
      expect(readSessionHint(s)).toBeNull();
    }
    expect(readSessionHint(null)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readSessionHint(throwing)).toBeNull();
    expect(() => writeSessionHint(throwing, alice)).not.toThrow();
  });

  it('shows the hint while loading and the real user once known', () => {
    expect(displayedUser({ status: 'loading', hint: alice })).toBe(alice);
    expect(displayedUser({ status: 'loading', hint: null })).toBeNull();
    expect(displayedUser({ status: 'signed-in', user: alice })).toBe(alice);
    expect(displayedUser({ status: 'signed-out' })).toBeNull();
  });

  it('names the user by display name, else by email', () => {
    expect(displayNameOf(alice)).toBe('Alice');
    expect(displayNameOf({ ...alice, displayName: '  ' })).toBe('alice');
    expect(displayNameOf({ ...alice, displayName: null, email: null })).toBe('My profile');
  });
});
