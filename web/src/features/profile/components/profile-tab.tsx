import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { paths } from '../../../shared/routing/paths';
import { RouterButton } from '../../../shared/ui';
import { useAuth, type SessionUser } from '../../auth';
import { formatDate, type Profile } from '../api/profile-model';
import { AccountSettingsForm } from './account-settings-form';
import { AvatarPicker } from './avatar-picker';
import { DeleteAccountButton } from './delete-account-button';

/**
 * The Profile tab: the picture, name and account actions beside Account Settings. Each form keeps
 * its own state and errors; this tab only passes their results up (the page's profile) and into
 * the session (the header's name and picture).
 */
export function ProfileTab({
  user,
  profile,
  onProfile,
}: {
  user: SessionUser;
  profile: Profile;
  onProfile: (p: Profile) => void;
}) {
  const { setUser } = useAuth();

  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="10">
      <Stack align="center" gap="3" minW={{ md: '56' }} textAlign="center">
        <AvatarPicker
          profile={profile}
          onChange={(url) => {
            onProfile({ ...profile, avatar: url });
            setUser({ ...user, photoURL: url });
          }}
        />
        <Heading as="p" size="lg" data-testid="profile-username">
          {profile.username}
        </Heading>
        <Text color="fg.muted">Member since {formatDate(profile.createdAt)}</Text>
        <RouterButton to={paths.uploadNotes} colorPalette="teal" size="sm">
          Upload New Notes
        </RouterButton>
        <DeleteAccountButton uid={user.uid} />
      </Stack>
      <AccountSettingsForm
        user={user}
        profile={profile}
        onSaved={(username) => {
          onProfile({ ...profile, username });
          setUser({ ...user, displayName: username });
        }}
      />
    </Flex>
  );
}
