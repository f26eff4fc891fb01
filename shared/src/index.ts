/** @notenest/shared: types and pure logic used by web and functions (no firebase imports). */
export * from './constants.js';
export * from './courses.js';
export * from './types.js';
export * from './validate-note.js';
export * from './search.js';
export * from './usernames.js';
export * from './colleges.js';
export * from './rate-limits.js';
export * from './file-content.js';
