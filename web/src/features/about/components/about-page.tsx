import { PlaceholderPage } from '../../../shared/ui';

export default function AboutPage() {
  return <PlaceholderPage title="About NoteNest" />;
}
