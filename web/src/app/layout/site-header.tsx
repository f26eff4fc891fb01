import { Badge, Box, Button, Container, Flex, IconButton, Stack, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { displayNameOf, useDisplayedUser, useSignOut, type SessionUser } from '../../features/auth';
import { paths } from '../../shared/routing/paths';
import { RouterLink } from '../../shared/ui';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function ProfileLink({ user, onNavigate }: { user: SessionUser | null; onNavigate?: () => void }) {
  if (!user) {
    return (
      <RouterLink to={paths.signIn} onNavigate={onNavigate} fontWeight="semibold" color="teal.700">
        Sign in
      </RouterLink>
    );
  }
  const name = displayNameOf(user);
  return (
    <RouterLink
      to={paths.profile}
      onNavigate={onNavigate}
      display="inline-flex"
      alignItems="center"
      gap="2"
      fontWeight="semibold"
    >
      {user.photoURL ? (
        <chakra.img
          src={user.photoURL}
          alt=""
          data-testid="header-avatar"
          w="8"
          h="8"
          rounded="full"
          objectFit="cover"
        />
      ) : (
        <Flex
          aria-hidden="true"
          w="8"
          h="8"
          rounded="full"
          bg="teal.600"
          color="white"
          align="center"
          justify="center"
          fontSize="sm"
        >
          {name.charAt(0).toUpperCase()}
        </Flex>
      )}
      {name}
    </RouterLink>
  );
}

function SignOutButton({ onDone }: { onDone?: () => void }) {
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="teal"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          onDone?.();
          await signOut();
        } catch (error) {
          console.error('sign-out failed', error);
        } finally {
          setBusy(false);
        }
      }}
    >
      Sign Out
    </Button>
  );
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const user = useDisplayedUser();
  return (
    <>
      <li>
        <RouterLink to={paths.home} onNavigate={onNavigate}>
          Home
        </RouterLink>
      </li>
      <li>
        <RouterLink to={paths.about} onNavigate={onNavigate}>
          About
        </RouterLink>
      </li>
      <li>
        <ProfileLink user={user} onNavigate={onNavigate} />
      </li>
      {user && (
        <li>
          <SignOutButton onDone={onNavigate} />
        </li>
      )}
    </>
  );
}

/**
 * Site header (spec section 2): brand with the Pro badge, Home, About, and the profile link or
 * "Sign in". On small screens the links move into a menu that closes when a link is followed.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: navigating anywhere closes it, without an
  // effect that would flash it open on the next page for one render.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);

  return (
    <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200">
      <Container maxW="6xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <RouterLink
            to={paths.home}
            onNavigate={close}
            fontSize="xl"
            fontWeight="bold"
            color="teal.800"
            display="inline-flex"
            alignItems="center"
            gap="2"
            _hover={{ textDecoration: 'none' }}
          >
            NoteNest
            <Badge colorPalette="teal" variant="solid" size="sm">
              Pro
            </Badge>
          </RouterLink>
          <Box as="nav" aria-label="Main" display={{ base: 'none', md: 'block' }}>
            <Flex as="ul" listStyleType="none" align="center" gap="6">
              <NavLinks />
            </Flex>
          </Box>
          <IconButton
            display={{ base: 'inline-flex', md: 'none' }}
            variant="ghost"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <MenuIcon open={open} />
          </IconButton>
        </Flex>
      </Container>
      {open && (
        <Box
          as="nav"
          id="mobile-menu"
          aria-label="Mobile"
          display={{ md: 'none' }}
          borderTopWidth="1px"
          borderColor="gray.200"
          px="6"
          py="4"
        >
          <Stack as="ul" listStyleType="none" gap="4">
            <NavLinks onNavigate={close} />
          </Stack>
        </Box>
      )}
    </Box>
  );
}
