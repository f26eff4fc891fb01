import { PlaceholderPage } from '../../../shared/ui';

export default function UpdateNotePage() {
  return <PlaceholderPage title="Update Your Notes" />;
}
