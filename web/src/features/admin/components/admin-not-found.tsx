import { Text } from '@chakra-ui/react';
import { paths } from '../../../shared/routing/paths';
import { RouterLink } from '../../../shared/ui';
import { PageTitle } from './admin-ui';

/** An unknown /admin-dashboard/... address, inside the admin layout. */
export function AdminNotFound() {
  return (
    <>
      <PageTitle>Page not found</PageTitle>
      <Text>
        There is no such admin page.{' '}
        <RouterLink to={paths.adminDashboard} color="teal.fg" textDecoration="underline">
          Go to the dashboard
        </RouterLink>
      </Text>
    </>
  );
}
