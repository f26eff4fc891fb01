/** The admin Users list, and the search terms on each profile it is searched by. */
import { matchesSearch, queryTokens, userSearchTerms } from '@notenest/shared';
import type { Query } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { pageOf, type Page, type PageRequest } from './pages.js';
import { userView, type UserView } from './views.js';

/**
 * The admin Users list, newest first, a page at a time; with a search, the profiles whose
 * username or email has a word starting with each searched word (users.searchTerms, kept by the
 * profile trigger).
 */
export async function usersPage(search: string, page: PageRequest): Promise<Page<UserView>> {
  const tokens = queryTokens(search);
  let query: Query = db().collection('users');
  if (tokens.length > 0) query = query.where('searchTerms', 'array-contains', tokens[0]);
  return pageOf('users', query.orderBy('createdAt', 'desc'), page, userView, (d) =>
    matchesSearch(d['searchTerms'] as string[] | undefined, tokens),
  );
}

/** Writes a profile's searchTerms from its username and email, when they differ (trigger). */
export async function indexUser(uid: string): Promise<boolean> {
  const ref = db().doc(`users/${uid}`);
  return db().runTransaction(async (tx) => {
    const d = (await tx.get(ref)).data();
    if (!d) return false;
    const terms = userSearchTerms(d['username'], d['email']);
    const now = d['searchTerms'];
    if (Array.isArray(now) && now.length === terms.length && now.every((t, i) => t === terms[i]))
      return false;
    tx.update(ref, { searchTerms: terms });
    return true;
  });
}
