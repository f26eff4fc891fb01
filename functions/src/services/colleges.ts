/**
 * Per-college figures for the admin Colleges screen (`colleges/{id}`: name, totalNotes, approved,
 * pending, downloads), kept by the note trigger: whenever a note is created, deleted, moved to
 * another college, approved or set back, or downloaded, its college is recounted with
 * aggregation queries (count(), sum()) in a transaction. A recount is exact whatever happened
 * before, so retried or late events change nothing; it costs one read per 1,000 index entries,
 * and the screen reads a page of these documents instead of every note.
 */
import { collegeDocId } from '@notenest/shared';
import { AggregateField, type DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';

export interface CollegeFigures {
  name: string;
  totalNotes: number;
  approved: number;
  pending: number;
  downloads: number;
}

export async function recountCollege(name: string): Promise<CollegeFigures | null> {
  const ref = db().doc(`colleges/${collegeDocId(name)}`);
  const notes = db().collection('notes').where('collegeName', '==', name);
  return db().runTransaction(async (tx) => {
    const [all, approved] = await Promise.all([
      tx.get(
        notes.aggregate({ n: AggregateField.count(), d: AggregateField.sum('downloadCount') }),
      ),
      tx.get(notes.where('approved', '==', true).count()),
    ]);
    const totalNotes = all.data().n;
    if (totalNotes === 0) {
      tx.delete(ref);
      return null;
    }
    const figures: CollegeFigures = {
      name,
      totalNotes,
      approved: approved.data().count,
      pending: totalNotes - approved.data().count,
      downloads: all.data().d ?? 0,
    };
    tx.set(ref, { ...figures, nameLower: name.toLowerCase() });
    return figures;
  });
}

/** The colleges whose figures a note change moves (both, when the note changed college). */
export function collegesTouched(
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): string[] {
  const names = new Set<string>();
  const name = (d: DocumentData | undefined) =>
    typeof d?.['collegeName'] === 'string' ? (d['collegeName'] as string) : null;
  const same =
    !!before &&
    !!after &&
    name(before) === name(after) &&
    before['approved'] === after['approved'] &&
    before['downloadCount'] === after['downloadCount'];
  if (same) return [];
  for (const n of [name(before), name(after)]) if (n) names.add(n);
  return [...names];
}

export function collegeView(d: DocumentData): CollegeFigures {
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  return {
    name: String(d['name'] ?? ''),
    totalNotes: num(d['totalNotes']),
    approved: num(d['approved']),
    pending: num(d['pending']),
    downloads: num(d['downloads']),
  };
}
