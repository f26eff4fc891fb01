import { PlaceholderPage } from '../../../shared/ui';

export default function ProfilePage() {
  return <PlaceholderPage title="My Dashboard" />;
}
