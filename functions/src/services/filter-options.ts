/**
 * meta/filterOptions: the distinct subjects, courses, semesters and colleges over approved notes,
 * for the Browse dropdowns. Rebuilt from scratch (not patched) whenever a note is approved, set
 * to pending, edited or deleted, so a value disappears when its last approved note goes.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { db } from '../firebase.js';

export interface FilterOptionsData {
  subjects: string[];
  courses: string[];
  semesters: number[];
  colleges: string[];
}

export async function rebuildFilterOptions(): Promise<FilterOptionsData> {
  const snap = await db()
    .collection('notes')
    .where('approved', '==', true)
    .select('subjectName', 'courseName', 'semester', 'collegeName')
    .get();
  const subjects = new Set<string>();
  const courses = new Set<string>();
  const semesters = new Set<number>();
  const colleges = new Set<string>();
  for (const d of snap.docs) {
    const v = d.data();
    if (typeof v['subjectName'] === 'string') subjects.add(v['subjectName']);
    if (typeof v['courseName'] === 'string') courses.add(v['courseName']);
    if (typeof v['semester'] === 'number') semesters.add(v['semester']);
    if (typeof v['collegeName'] === 'string') colleges.add(v['collegeName']);
  }
  const byText = (a: string, b: string) => a.localeCompare(b, 'en');
  const options: FilterOptionsData = {
    subjects: [...subjects].sort(byText),
    courses: [...courses].sort(byText),
    semesters: [...semesters].sort((a, b) => a - b),
    colleges: [...colleges].sort(byText),
  };
  await db()
    .doc('meta/filterOptions')
    .set({ ...options, updatedAt: FieldValue.serverTimestamp() });
  return options;
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
