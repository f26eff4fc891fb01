/**
 * Whether the signed-in uploader may upload (issue 30): three notes removed for copyright stop
 * their uploads until an admin lifts it (`copyrightStrikes` on their own profile, written by
 * functions only). The rules and the facade refuse such an upload anyway; reading it first lets
 * the form say so plainly instead of failing at the end.
 */
import { COPYRIGHT_STRIKE_LIMIT } from '@notenest/shared';
import { loadFirestore } from '../../../shared/firebase';

export async function isUploadBanned(uid: string): Promise<boolean> {
  const { db, sdk } = await loadFirestore();
  const strikes: unknown = (await sdk.getDoc(sdk.doc(db, 'users', uid))).get('copyrightStrikes');
  return typeof strikes === 'number' && strikes >= COPYRIGHT_STRIKE_LIMIT;
}
