import { useAuth } from '../../auth';
import { uploadNotesTarget } from './upload-target';

export function useUploadTarget(): string {
  return uploadNotesTarget(useAuth().state);
}
