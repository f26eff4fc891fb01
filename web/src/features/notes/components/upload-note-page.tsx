import { PlaceholderPage } from '../../../shared/ui';

export default function UploadNotePage() {
  return <PlaceholderPage title="Share Your Knowledge" />;
}
