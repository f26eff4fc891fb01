import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { MenuIcon } from '../../../shared/ui/icons';
import { useDisplayedUser, useSignOut } from '../../auth';
import { AdminThemeToggle } from './admin-theme-toggle';

export const ADMIN_SECTIONS = [
  { to: '', label: 'Dashboard' },
  { to: 'users', label: 'Users' },
  { to: 'notes', label: 'Notes' },
  { to: 'pending', label: 'Pending Approvals' },
  { to: 'colleges', label: 'Colleges' },
  { to: 'reports', label: 'Reports' },
] as const;

function SidebarLinks() {
  return (
    <Stack as="ul" listStyleType="none" gap="1">
      {ADMIN_SECTIONS.map((s) => (
        <li key={s.label}>
          <Box
            asChild
            display="block"
            px="3"
            py="2"
            rounded="md"
            color="gray.100"
            _hover={{ bg: 'gray.700' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'teal.300' }}
            css={{ '&[aria-current=page]': { bg: 'teal.700', color: 'white', fontWeight: 'bold' } }}
          >
            <NavLink to={s.to ? `${paths.adminDashboard}/${s.to}` : paths.adminDashboard} end>
              {s.label}
            </NavLink>
          </Box>
        </li>
      ))}
    </Stack>
  );
}

/**
 * Admin layout (spec section 2): the "Admin Panel" sidebar, collapsed behind a menu button on
 * small screens, and the "Admin Dashboard" header with the admin's name and Sign Out; the
 * section's page in `main` (the route's, or `children`: the gate's frame shows it loading).
 */
export function AdminLayout({ children }: { children?: ReactNode }) {
  const user = useDisplayedUser();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  // Open for the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  // The admin's name, or "Admin" for one without; none in the prerendered frame, which knows
  // nobody (RememberedSessionFrame's user has no email): the name appears as the app takes over.
  const name = user?.displayName?.trim() || (user?.email ? 'Admin' : '');

  return (
    <Flex direction={{ base: 'column', md: 'row' }} minH="100dvh" bg="bg.subtle">
      <Box
        as="nav"
        aria-label="Admin"
        bg="gray.900"
        color="white"
        p={{ base: '4', md: '6' }}
        w={{ md: '64' }}
        flexShrink={0}
      >
        <Flex align="center" justify="space-between">
          <Text fontSize="xl" fontWeight="bold">
            Admin Panel
          </Text>
          <Button
            display={{ base: 'inline-flex', md: 'none' }}
            variant="outline"
            color="white"
            borderColor="gray.500"
            _hover={{ bg: 'gray.700' }}
            // Chakra's outline variant turns light when expanded (white text on gray.100): keep it
            // dark, so "Close menu" stays readable.
            _expanded={{ bg: 'gray.700', color: 'white' }}
            size="sm"
            aria-expanded={open}
            aria-controls="admin-sections"
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <MenuIcon open={open} size={20} />
            {open ? 'Close menu' : 'Menu'}
          </Button>
        </Flex>
        <Box id="admin-sections" mt="6" display={{ base: open ? 'block' : 'none', md: 'block' }}>
          <SidebarLinks />
        </Box>
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          align="center"
          justify="space-between"
          gap="3"
          wrap="wrap"
          bg="bg.panel"
          borderBottomWidth="1px"
          borderColor="border"
          px={{ base: '4', md: '8' }}
          py="4"
        >
          <Heading as="h1" size="xl">
            Admin Dashboard
          </Heading>
          <Flex align="center" gap="3">
            <AdminThemeToggle />
            <Text fontWeight="medium" data-testid="admin-name">
              {name}
            </Text>
            <Button size="sm" variant="outline" colorPalette="teal" onClick={() => void signOut()}>
              Sign Out
            </Button>
          </Flex>
        </Flex>
        <Box as="main" id="main" flex="1" px={{ base: '4', md: '8' }} py="6">
          {children ?? <Outlet />}
        </Box>
      </Flex>
    </Flex>
  );
}
