/**
 * `firestore.get()` / `exists()` of storage rules, answered by a Cloud Firestore emulator (the
 * official one, run by firebase-tools) over its REST API, as the official Storage emulator does.
 * `Authorization: Bearer owner` is the emulators' "rules bypassed" caller: rules read documents
 * with the privileges of the rules engine, not of the end user.
 */
import type { FirestoreLookup } from './rules-hook.js';

/** Documents are read fresh on every request: a rules decision must see the current data. */
export function firestoreRestLookup(hostPort: string): FirestoreLookup {
  const base = `http://${hostPort}/v1`;
  return async (projectId, databaseId, path) => {
    const docPath = path
      .split('/')
      .map((s) => encodeURIComponent(s))
      .join('/');
    const url = `${base}/projects/${encodeURIComponent(projectId)}/databases/${encodeURIComponent(databaseId)}/documents/${docPath}`;
    const res = await fetch(url, { headers: { authorization: 'Bearer owner' } });
    if (res.status === 404) return null;
    if (!res.ok) {
      // A rules engine that cannot read treats the call as an error, which denies the request.
      throw new Error(`firestore.get(${path}): Firestore emulator answered ${res.status}`);
    }
    return (await res.json()) as unknown;
  };
}
