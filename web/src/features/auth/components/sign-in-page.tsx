import { PlaceholderPage } from '../../../shared/ui';

export default function SignInPage() {
  return <PlaceholderPage title="Sign In" />;
}
