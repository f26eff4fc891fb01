/**
 * Notes, the calls every screen that shows a note shares. Each screen reads notes its own measured
 * way (Browse over REST with a field mask, the note page over REST then live, My Uploads and the
 * editor with Firestore Lite: see each feature's api/), and deletes them here.
 */
import { callFacade } from '../http/facade';

/**
 * Deletes a note with its comments, likes, saved copies and file: the spec's `DELETE
 * /api/uploading/delete/{noteId}` (the note page, My Uploads). The facade allows the uploader and
 * admins and answers anyone else with "You can only delete your own notes".
 */
export async function deleteNote(noteId: string): Promise<void> {
  await callFacade(`/api/uploading/delete/${encodeURIComponent(noteId)}`, {
    method: 'DELETE',
    signedIn: true,
  });
}
