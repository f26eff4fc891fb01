import { Box, Flex, Heading, Stack } from '@chakra-ui/react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { PlaceholderPage, RouterLink } from '../../../shared/ui';
import { RequireAdmin } from '../../auth';

const SECTIONS = [
  { to: '', label: 'Dashboard' },
  { to: 'users', label: 'Users' },
  { to: 'notes', label: 'Notes' },
  { to: 'pending', label: 'Pending Approvals' },
  { to: 'colleges', label: 'Colleges' },
] as const;

function AdminLayout() {
  return (
    <Flex direction={{ base: 'column', md: 'row' }} minH="100dvh">
      <Box as="nav" aria-label="Admin" bg="gray.900" color="white" p="6" w={{ md: '64' }}>
        <Heading as="p" size="lg" mb="6">
          Admin Panel
        </Heading>
        <Stack as="ul" listStyleType="none" gap="2">
          {SECTIONS.map((s) => (
            <li key={s.label}>
              <RouterLink to={s.to ? `${paths.adminDashboard}/${s.to}` : paths.adminDashboard}>
                {s.label}
              </RouterLink>
            </li>
          ))}
        </Stack>
      </Box>
      <Box as="main" flex="1">
        <Outlet />
      </Box>
    </Flex>
  );
}

/**
 * /admin-dashboard/* : the admin area owns its nested routes (index, users, notes, pending,
 * colleges), so the whole area, guard included, is one lazily loaded chunk.
 */
export default function AdminArea() {
  return (
    <RequireAdmin>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<PlaceholderPage title="Admin Dashboard" />} />
          <Route path="users" element={<PlaceholderPage title="Users" />} />
          <Route path="notes" element={<PlaceholderPage title="Notes" />} />
          <Route path="pending" element={<PlaceholderPage title="Pending Approvals" />} />
          <Route path="colleges" element={<PlaceholderPage title="Colleges" />} />
          <Route path="*" element={<PlaceholderPage title="Page not found" />} />
        </Route>
      </Routes>
    </RequireAdmin>
  );
}
