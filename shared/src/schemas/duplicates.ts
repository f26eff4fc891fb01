/**
 * The duplicates' documents and note fields (docs/data-model.md "Duplicates"; functions write
 * them all). The logic and the messages are in ../duplicates.ts.
 */
import * as z from 'zod/mini';
import { LSH_BANDS, MINHASH_SIZE } from '../duplicates.js';
import { docId, timestamp } from './fields.js';

const sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'is not a SHA-256'));
const signature = z.array(z.int().check(z.gte(0), z.lte(0xffffffff))).check(z.length(MINHASH_SIZE));

/** `fileHashes/{sha256}`: the note that first shared the file with these bytes. */
export const fileHashSchema = z.strictObject({
  noteId: docId,
  uploaderId: docId,
  createdAt: timestamp,
});

/** `nearHashes/{noteId}`: a note's text signature and its LSH band keys (not for copies). */
export const nearHashSchema = z.strictObject({
  noteId: docId,
  bands: z.array(z.string().check(z.regex(/^\d+_[0-9a-f]{8}$/))).check(z.length(LSH_BANDS)),
  minhash: signature,
  createdAt: timestamp,
});

/** The note's markers (functions only; firestore.rules keep clients from writing them). */
export const duplicateNoteFields = {
  /** The note that already shares this note's file: never approved. */
  duplicateOf: z.optional(docId),
  /** That note's title when marked, for Pending Approvals. */
  duplicateOfTitle: z.optional(z.string()),
  /** An older note whose text is at least NEAR_DUPLICATE_THRESHOLD like this one's. */
  similarTo: z.optional(
    z.strictObject({
      noteId: docId,
      title: z.string(),
      score: z.number().check(z.gte(0), z.lte(1)),
    }),
  ),
};

/** The file record's fields for duplicates (`notes/{noteId}/files/{key}`). */
export const duplicateFileRecordFields = {
  sha256: z.optional(sha256),
  minhash: z.optional(z.nullable(signature)),
};
