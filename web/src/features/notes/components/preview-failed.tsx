import { Alert } from '../../../shared/ui/alert';

export function PreviewFailed() {
  return (
    <Alert>The preview could not be loaded. Use View Notes or Download to open the file.</Alert>
  );
}
