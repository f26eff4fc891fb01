/**
 * Billable document reads, counted per database the way Firestore bills them, so a developer can
 * measure what a screen of their app costs (GET /emulator/v1/projects/{p}/reads, reset with
 * DELETE; see transport/http1.ts):
 * - a document lookup (GetDocument, each name of BatchGetDocuments) is one read, found or not;
 * - a query (RunQuery, ListDocuments, a Listen target when added) is one read per document
 *   returned, and one read when it returns none;
 * - an aggregation (RunAggregationQuery) is one read per 1,000 index entries scanned, at least one;
 * - a Listen stream then reads one document per change it sends.
 * Reads that the rules refused are not counted. Admin (rules-bypassing) reads are counted: they
 * are billed too.
 */
import { parseResourceName } from './paths.js';

/** Reads of one project: per database id, and their sum. */
export interface ProjectReads {
  total: number;
  databases: Record<string, number>;
}

export const queryReads = (results: number): number => Math.max(1, results);
export const aggregationReads = (scanned: number): number => Math.max(1, Math.ceil(scanned / 1000));

export class ReadCounter {
  /** `projects/{p}/databases/{d}` -> reads */
  private readonly counts = new Map<string, number>();

  add(database: string, reads: number): void {
    this.counts.set(database, (this.counts.get(database) ?? 0) + reads);
  }

  get(projectId: string): ProjectReads {
    const out: ProjectReads = { total: 0, databases: {} };
    for (const [database, n] of this.counts) {
      const r = parseResourceName(database);
      if (r.projectId !== projectId) continue;
      out.databases[r.databaseId] = n;
      out.total += n;
    }
    return out;
  }

  reset(projectId: string): void {
    for (const database of [...this.counts.keys()]) {
      if (parseResourceName(database).projectId === projectId) this.counts.delete(database);
    }
  }
}
