import { PlaceholderPage } from '../../../shared/ui';

export default function SignUpPage() {
  return <PlaceholderPage title="Create Account" />;
}
