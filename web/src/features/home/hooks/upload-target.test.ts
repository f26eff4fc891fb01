import { describe, expect, it } from 'vitest';
import { uploadNotesTarget } from './upload-target';

const user = {
  uid: 'u',
  displayName: 'U',
  email: null,
  photoURL: null,
  role: 'user' as const,
  passwordSignIn: true,
};

describe('uploadNotesTarget', () => {
  it('sends signed-in users to the upload form and others to /signin', () => {
    expect(uploadNotesTarget({ status: 'signed-in', user })).toBe('/uploading-notes');
    expect(uploadNotesTarget({ status: 'signed-out' })).toBe('/signin');
  });

  it('trusts the stored hint while auth loads', () => {
    expect(uploadNotesTarget({ status: 'loading', hint: user })).toBe('/uploading-notes');
    expect(uploadNotesTarget({ status: 'loading', hint: null })).toBe('/signin');
  });
});
