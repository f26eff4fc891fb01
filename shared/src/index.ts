/**
 * @notenest/shared: schemas, types and pure logic used by web and functions (no firebase imports).
 * Document and payload types come from their schemas (schemas/).
 */
export * from './constants.js';
export * from './text.js';
export * from './note-files.js';
export * from './schemas/index.js';
export * from './courses.js';
export * from './validate-note.js';
export * from './search.js';
export * from './usernames.js';
export * from './colleges.js';
export * from './rate-limits.js';
export * from './file-content.js';
export * from './notifications.js';
export * from './duplicates.js';
export * from './reports.js';
export * from './follows.js';
