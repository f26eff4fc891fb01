/**
 * What a note card shows, mapped from a `notes/{id}` document (docs/data-model.md). Pure and
 * defensive: a document written by an older client or a seed with a missing field still renders
 * (the spec shows "N/A" for missing card fields) instead of crashing the list.
 */
import type { Note } from '@notenest/shared';

type Nullable<T> = { [K in keyof T]: T[K] | null };

export interface NoteSummary
  extends
    Pick<Note, 'title' | 'description' | 'likesCount' | 'commentsCount'>,
    Nullable<Pick<Note, 'subjectName' | 'courseName' | 'collegeName' | 'semester'>> {
  id: string;
  createdAt: Date | null;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

function count(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
}

/** Firestore Timestamps (anything with toDate), Dates, or epoch milliseconds. */
export function toDate(v: unknown): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v);
  if (v && typeof v === 'object' && typeof (v as { toDate?: unknown }).toDate === 'function') {
    const d = (v as { toDate: () => unknown }).toDate();
    return d instanceof Date && !Number.isNaN(d.getTime()) ? d : null;
  }
  return null;
}

export function toNoteSummary(id: string, data: Record<string, unknown>): NoteSummary {
  const semester = data['semester'];
  return {
    id,
    title: str(data['title']) ?? 'Untitled note',
    description: str(data['description']) ?? '',
    subjectName: str(data['subjectName']),
    courseName: str(data['courseName']),
    collegeName: str(data['collegeName']),
    semester: typeof semester === 'number' && Number.isInteger(semester) ? semester : null,
    likesCount: count(data['likesCount']),
    commentsCount: count(data['commentsCount']),
    createdAt: toDate(data['createdAt']),
  };
}

/** The spec's fallback for missing card fields. */
export function orNA(v: string | number | null): string {
  return v === null ? 'N/A' : String(v);
}
