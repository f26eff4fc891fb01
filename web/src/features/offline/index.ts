// Public surface of the offline feature (issue 32): notes kept "Available offline" (their files
// and details in Cache Storage) for Saved Notes and the note page, and the preview's reader of a
// kept file. The banner and the service worker start from start.ts (main.tsx, after load).
export {
  OFFLINE_FAILURES,
  dropOfflineNotes,
  readOfflineFile,
  type OfflineNote,
} from './api/offline-store';
export { staleOfflineIds } from './api/offline-model';
export { useOfflineNote, useOfflineNotes, type OfflineNotes } from './hooks/use-offline-notes';
export { AVAILABLE_OFFLINE, AvailableOfflineButton } from './components/available-offline-button';
