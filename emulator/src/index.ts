/** Programmatic API of @notenest/emulator (see DESIGN.md "Ports and start"). */
export { startEmulator, EXPORT_METADATA } from './server.js';
export type { EmulatorOptions, EndpointOptions, RunningEmulator, StorageHandle } from './server.js';
