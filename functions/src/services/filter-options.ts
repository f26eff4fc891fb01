/**
 * meta/filterOptions: the distinct subjects, courses, semesters and colleges over approved notes,
 * for the Browse dropdowns, kept by the note trigger (triggers/notes.ts) one change at a time.
 *
 * Incremental and state-based: when a note's contribution changes (approved or set back to
 * pending, a field edited on an approved note, an approved note deleted), only the values it
 * added or took away are checked, each with one `limit(1)` query ("is any approved note still
 * tagged with it?"), inside a transaction with the options document. A value appears with its
 * first approved note and goes with its last. The cost is a few reads per change, whatever the
 * number of notes, and re-running it for the same change (a retried event) finds nothing to do.
 */
import { FieldValue, type DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';

export interface FilterOptionsData {
  subjects: string[];
  courses: string[];
  semesters: number[];
  colleges: string[];
}

type Kind = keyof FilterOptionsData;
type Value = string | number;

const FIELD: Record<Kind, string> = {
  subjects: 'subjectName',
  courses: 'courseName',
  semesters: 'semester',
  colleges: 'collegeName',
};
const KINDS = Object.keys(FIELD) as Kind[];

function valueOf(note: DocumentData | undefined, kind: Kind): Value | undefined {
  if (note?.['approved'] !== true) return undefined;
  const v: unknown = note[FIELD[kind]];
  if (kind === 'semesters') return typeof v === 'number' ? v : undefined;
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The (kind, value) pairs whose presence may change when `before` becomes `after`. */
export function touchedValues(
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): [Kind, Value][] {
  const out: [Kind, Value][] = [];
  for (const kind of KINDS) {
    const b = valueOf(before, kind);
    const a = valueOf(after, kind);
    if (b === a) continue;
    if (b !== undefined) out.push([kind, b]);
    if (a !== undefined) out.push([kind, a]);
  }
  return out;
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en');

/** Sorted as Browse shows them: text by locale, semesters by number. */
function sorted(kind: Kind, values: Value[]): Value[] {
  return kind === 'semesters'
    ? [...values].sort((a, b) => Number(a) - Number(b))
    : [...values].sort((a, b) => byText(String(a), String(b)));
}

/** Applies one note change to meta/filterOptions; true when the document changed. */
export async function updateFilterOptions(
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): Promise<boolean> {
  const touched = touchedValues(before, after);
  if (!touched.length) return false;
  const ref = db().doc('meta/filterOptions');
  const notes = db().collection('notes');
  return db().runTransaction(async (tx) => {
    const [snap, ...stillUsed] = await Promise.all([
      tx.get(ref),
      ...touched.map(([kind, value]) =>
        tx.get(
          notes.where('approved', '==', true).where(FIELD[kind], '==', value).select().limit(1),
        ),
      ),
    ]);
    const current = snap.data() ?? {};
    const sets = Object.fromEntries(
      KINDS.map((k) => [k, new Set<Value>(Array.isArray(current[k]) ? current[k] : [])]),
    ) as Record<Kind, Set<Value>>;
    let changed = !snap.exists;
    touched.forEach(([kind, value], i) => {
      const used = !(stillUsed[i] as { empty: boolean }).empty;
      if (used === sets[kind].has(value)) return;
      if (used) sets[kind].add(value);
      else sets[kind].delete(value);
      changed = true;
    });
    const next = Object.fromEntries(KINDS.map((k) => [k, sorted(k, [...sets[k]])]));
    if (changed) tx.set(ref, { ...next, updatedAt: FieldValue.serverTimestamp() });
    return changed;
  });
}

export async function readFilterOptions(): Promise<FilterOptionsData> {
  const snap = await db().doc('meta/filterOptions').get();
  const d = snap.data() ?? {};
  return {
    subjects: (d['subjects'] as string[] | undefined) ?? [],
    courses: (d['courses'] as string[] | undefined) ?? [],
    semesters: (d['semesters'] as number[] | undefined) ?? [],
    colleges: (d['colleges'] as string[] | undefined) ?? [],
  };
}
