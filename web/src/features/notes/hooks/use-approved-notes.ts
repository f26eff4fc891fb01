import { useAsync } from '../../../shared/utils/use-async';
import { listApprovedNotes } from '../api/notes-api';

export function useApprovedNotes() {
  return useAsync(() => listApprovedNotes(), []);
}
