export * from './fields.js';
export * from './documents.js';
export * from './duplicates.js';
export * from './requests.js';
export * from './note-form.js';
export * from './fixtures.js';
export * from './notifications.js';
export * from './reports.js';
