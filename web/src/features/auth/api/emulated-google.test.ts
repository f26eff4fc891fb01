import { describe, expect, it } from 'vitest';
import { emulatedGoogleIdToken, googleSignInMode } from './emulated-google';

describe('emulated Google sign-in', () => {
  it('uses the emulator flow only when the page is served by a local stack', () => {
    expect(googleSignInMode('127.0.0.1')).toBe('emulator');
    expect(googleSignInMode(null)).toBe('popup');
  });

  it('gives one Google identity per email, whatever its case or spacing', () => {
    const a = JSON.parse(emulatedGoogleIdToken({ email: ' Ana@Example.com ', name: '' }));
    const b = JSON.parse(emulatedGoogleIdToken({ email: 'ana@example.com', name: 'Ana' }));
    expect(a.sub).toBe(b.sub);
    expect(a).toEqual({
      sub: 'emulated:ana@example.com',
      email: 'ana@example.com',
      email_verified: true,
    });
    expect(b.name).toBe('Ana');
  });
});
