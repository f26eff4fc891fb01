import { Text } from '@chakra-ui/react';
import { paths } from '../../../shared/routing/paths';
import { PlaceholderPage, RouterLink } from '../../../shared/ui';

export default function NotFoundPage() {
  return (
    <PlaceholderPage title="Page not found">
      <Text color="fg.muted">
        The page you are looking for does not exist.{' '}
        <RouterLink to={paths.home} color="teal.700">
          Go to the home page
        </RouterLink>
      </Text>
    </PlaceholderPage>
  );
}
