/** Storage emulator entry point (see DESIGN.md "Storage entry point"). */
export { startStorageServer } from './server.js';
export { storageRulesCompiler } from './storage-rules.js';
export type { StorageServer, StorageServerOptions } from './server.js';
export type {
  FirestoreLookup,
  RulesFile,
  StorageAuthorizer,
  StorageAuthzRequest,
  StorageMethod,
  StorageRulesCompiler,
  StorageRulesResource,
} from './rules-hook.js';
export type { CallerContext, StorageAuth } from './auth.js';
export type { StorageObjectAction, StorageObjectEvent } from './server.js';
export { firestoreRestLookup } from './firestore-lookup.js';
export { functionsEventSink, eventBodies } from './cloud-events.js';
