/**
 * Profile and My Uploads data (docs/data-model.md); saved notes are shared/data/saved.ts. The SDK
 * instances and functions come from the lazy loaders (shared/firebase), as everywhere. Deletes and username changes go through the facade (spec section 7), which does what
 * the rules keep from the browser: cascades and the rewrite of denormalized usernames.
 */
import { toAppError } from '../../../shared/errors/app-error';
import { usernameProblem } from '@notenest/shared';
import { loadAuth, loadFirestore, loadStorage, requireCurrentUser } from '../../../shared/firebase';
import { createProfileWithFreeName } from '../../../shared/users/profile-create';
import { callFacade } from '../../../shared/http/facade';
import { listSavedNotes } from '../../../shared/data/saved';
import {
  avatarProblem,
  toNoteListItem,
  toProfile,
  usernameFor,
  type NoteListItem,
  type Profile,
} from './profile-model';

/**
 * The user's profile; created (as the rules allow, the username claimed with it) when an Auth
 * account has none yet. After a verified email change the profile's copy of the address follows
 * the account's (the rules allow exactly that copy).
 */
export async function ensureProfile(): Promise<Profile> {
  const [{ db, sdk }, user] = await Promise.all([loadFirestore(), requireCurrentUser()]);
  const ref = sdk.doc(db, 'users', user.uid);
  const snap = await sdk.getDoc(ref);
  if (snap.exists()) {
    const profile = toProfile(user.uid, snap.data());
    if (user.email && user.emailVerified && profile.email !== user.email) {
      // The ID token must carry the new, verified address for the rules to accept the copy.
      await user.getIdToken(true);
      await sdk.updateDoc(ref, { email: user.email });
      return { ...profile, email: user.email };
    }
    return profile;
  }
  await createProfileWithFreeName(user, usernameFor(user.displayName, user.email));
  const created = await sdk.getDoc(ref);
  return toProfile(user.uid, created.data() ?? {});
}

export interface ProfileChanges {
  username?: string;
  /** Sent only when the user typed one (spec section 5). */
  password?: string;
  /** A new sign-in email: changed once the user opens the link sent to it. */
  email?: string;
  /** The current password, which a password or email change needs (a recent sign-in). */
  currentPassword?: string;
}

export const ACCOUNT_MESSAGES = {
  currentPasswordNeeded: 'Enter your current password to change your password or email',
  currentPasswordWrong: 'Your current password is incorrect',
  emailInUse: 'An account with this email already exists',
  invalidEmail: 'Please enter a valid email address',
  weakPassword: 'Password should be at least 6 characters',
  verifyEmail: (email: string) =>
    `We sent a link to ${email}. Your sign-in email changes once you open it.`,
} as const;

const codeOf = (error: unknown): string => toAppError(error).code ?? '';

/**
 * Account Settings: a new username through the facade (POST /api/user/update/{id}, which claims
 * the name, refusing one taken in any case, and rewrites its copies on the user's notes and
 * comments), then on the Auth account for the header. A new password or email first proves the
 * current password (re-authentication: Firebase requires a recent sign-in for both), so a
 * borrowed, unlocked session cannot take the account over. The password changes at once and the
 * session continues on the fresh tokens Firebase returns; the email changes only once its owner
 * opens the verification link (verifyBeforeUpdateEmail). Resolves to a notice for the user, if any.
 */
export async function updateAccount(changes: ProfileChanges): Promise<string | null> {
  const [{ sdk }, user] = await Promise.all([loadAuth(), requireCurrentUser()]);
  const email = changes.email?.trim();
  const changingEmail = !!email && email.toLowerCase() !== (user.email ?? '').toLowerCase();
  if (changes.password || changingEmail) {
    if (!changes.currentPassword) throw new Error(ACCOUNT_MESSAGES.currentPasswordNeeded);
    const credential = sdk.EmailAuthProvider.credential(user.email ?? '', changes.currentPassword);
    await sdk.reauthenticateWithCredential(user, credential).catch((error: unknown) => {
      const code = codeOf(error);
      if (/wrong-password|invalid-credential|invalid-login-credentials/.test(code))
        throw new Error(ACCOUNT_MESSAGES.currentPasswordWrong);
      throw error;
    });
  }
  if (changes.username !== undefined) {
    const username = changes.username.trim();
    const problem = usernameProblem(username);
    if (problem) throw new Error(problem);
    await callFacade(`/api/user/update/${encodeURIComponent(user.uid)}`, {
      method: 'POST',
      signedIn: true,
      json: { username },
    });
    await sdk.updateProfile(user, { displayName: username });
  }
  if (changes.password) {
    await sdk.updatePassword(user, changes.password).catch((error: unknown) => {
      if (codeOf(error) === 'auth/weak-password') throw new Error(ACCOUNT_MESSAGES.weakPassword);
      throw error;
    });
    // The change revokes sessions that signed in before it (validSince, kept to the second), and
    // the facade checks revocation. This session signed in at the re-authentication above: when
    // the change landed a second later, every facade call would now be refused. Signing in again
    // with the new password gives it a sign-in time no older than the change.
    await sdk.reauthenticateWithCredential(
      user,
      sdk.EmailAuthProvider.credential(user.email ?? '', changes.password),
    );
  }
  if (changingEmail && email) {
    await sdk.verifyBeforeUpdateEmail(user, email).catch((error: unknown) => {
      const code = codeOf(error);
      if (code === 'auth/email-already-in-use') throw new Error(ACCOUNT_MESSAGES.emailInUse);
      if (code === 'auth/invalid-email' || code === 'auth/invalid-new-email')
        throw new Error(ACCOUNT_MESSAGES.invalidEmail);
      throw error;
    });
    return ACCOUNT_MESSAGES.verifyEmail(email);
  }
  return null;
}

/**
 * Uploads a new avatar to avatars/{uid}/ with resumable upload (progress 0..1 reported), stores
 * its download URL on the profile and the Auth account, and removes the previous avatar files.
 */
export async function uploadAvatar(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const problem = avatarProblem(file);
  if (problem) throw new Error(problem);
  const [{ storage, sdk }, fs, auth, user] = await Promise.all([
    loadStorage(),
    loadFirestore(),
    loadAuth(),
    requireCurrentUser(),
  ]);
  const safeName = file.name.replace(/[^\w.-]+/g, '_').slice(-80) || 'avatar';
  const ref = sdk.ref(storage, `avatars/${user.uid}/${Date.now()}-${safeName}`);
  const task = sdk.uploadBytesResumable(ref, file, { contentType: file.type });
  await new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (s) => onProgress(s.totalBytes > 0 ? s.bytesTransferred / s.totalBytes : 0),
      reject,
      () => resolve(),
    );
  });
  onProgress(1);
  const url = await sdk.getDownloadURL(ref);
  await fs.sdk.updateDoc(fs.sdk.doc(fs.db, 'users', user.uid), { avatar: url });
  await auth.sdk.updateProfile(user, { photoURL: url });
  // Older avatars are no longer referenced anywhere.
  try {
    const { items } = await sdk.listAll(sdk.ref(storage, `avatars/${user.uid}`));
    await Promise.all(
      items.filter((i) => i.fullPath !== ref.fullPath).map((i) => sdk.deleteObject(i)),
    );
  } catch (error) {
    console.error('old avatars not removed', error);
  }
  return url;
}

/** My Uploads: every note of the user, pending ones included, newest first. */
export async function listMyUploads(uid: string): Promise<NoteListItem[]> {
  const { db, sdk } = await loadFirestore();
  const snap = await sdk.getDocs(
    sdk.query(
      sdk.collection(db, 'notes'),
      sdk.where('uploaderId', '==', uid),
      sdk.orderBy('createdAt', 'desc'),
    ),
  );
  return snap.docs.map((d) => toNoteListItem(d.id, d.data()));
}

/** What the Saved Notes tab shows: the notes it can read, and the ids of those it cannot. */
export interface SavedNoteItems {
  items: NoteListItem[];
  unavailable: string[];
}

/** The note fields a Saved Notes card shows (toNoteListItem). */
const SAVED_CARD_FIELDS = ['title', 'createdAt', 'approved', 'thumbnailUrl', 'fileName'];

/** Saved Notes as the tab lists them (shared/data/saved.ts reads them), newest save first. */
export async function listSavedNoteItems(uid: string): Promise<SavedNoteItems> {
  const { notes, unavailable } = await listSavedNotes(uid, SAVED_CARD_FIELDS);
  return { items: notes.map(({ id, data }) => toNoteListItem(id, data)), unavailable };
}

/**
 * Deletes the account and everything it owns (facade cascade: notes and their files, avatar,
 * comments, likes, saved notes, profile, Auth account). The caller then signs out locally.
 */
export async function deleteAccount(uid: string): Promise<void> {
  await callFacade(`/api/user/delete/${encodeURIComponent(uid)}`, {
    method: 'DELETE',
    signedIn: true,
  });
}
