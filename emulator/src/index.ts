/** Programmatic API of @notenest/emulator (see DESIGN.md "Ports and start"). */
export { startEmulator, EXPORT_METADATA } from './server.js';
export type {
  EmulatorOptions,
  EndpointOptions,
  RunningEmulator,
  EmulatorEngine,
  StorageHandle,
} from './server.js';
export { startFirestoreTransport } from './transport/index.js';
export type {
  FirestoreTransport,
  FirestoreTransportOptions,
  CallContext,
  EngineApi,
} from './transport/index.js';
