import { errorMessage } from '../../../shared/errors/app-error';
import { Box, Button, Flex, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { paths } from '../../../shared/routing/paths';
import { RouterButton, TextField } from '../../../shared/ui';
import { useAuth, useSignOut, type SessionUser } from '../../auth';
import { deleteAccount, updateAccount, uploadAvatar } from '../api/profile-api';
import { avatarProblem, formatDate, type Profile } from '../api/profile-model';

export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATED_MS = 3000;
export const DELETE_ACCOUNT_CONFIRM =
  'Are you sure you want to delete your account? This action cannot be undone.';

function messageOf(error: unknown): string {
  return errorMessage(error, { fallback: 'Something went wrong' });
}

function AvatarPicker({
  profile,
  onChange,
}: {
  profile: Profile;
  onChange: (url: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      onChange(await uploadAvatar(file, setProgress));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const initial = profile.username.charAt(0).toUpperCase();
  return (
    <Stack align="center" gap="2">
      <chakra.button
        type="button"
        onClick={() => input.current?.click()}
        disabled={progress !== null}
        aria-label="Change profile picture"
        rounded="full"
        overflow="hidden"
        w="28"
        h="28"
        bg="teal.600"
        color="white"
        fontSize="4xl"
        fontWeight="bold"
        cursor="pointer"
        _focusVisible={{ outline: '3px solid', outlineColor: 'teal.700', outlineOffset: '2px' }}
      >
        {profile.avatar ? (
          <chakra.img
            src={profile.avatar}
            alt=""
            data-testid="profile-avatar"
            w="full"
            h="full"
            objectFit="cover"
          />
        ) : (
          initial
        )}
      </chakra.button>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        data-testid="avatar-input"
        onChange={(e) => void onPick(e.currentTarget.files?.[0])}
      />
      <Text fontSize="sm" color="fg.muted">
        Click the picture to choose a new one
      </Text>
      {progress !== null && (
        <Box w="40">
          <chakra.progress
            value={Math.round(progress * 100)}
            max={100}
            aria-label="Uploading picture"
            w="full"
            accentColor="teal.600"
          />
          <Text fontSize="sm" textAlign="center" role="status">
            Uploading... {Math.round(progress * 100)}%
          </Text>
        </Box>
      )}
      {error && (
        <Text role="alert" color="red.700" fontSize="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function AccountSettings({
  user,
  profile,
  onSaved,
}: {
  user: SessionUser;
  profile: Profile;
  onSaved: (username: string) => void;
}) {
  const withPassword = user.passwordSignIn;
  const [username, setUsername] = useState(profile.username);
  const [email, setEmail] = useState(user.email ?? '');
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), PROFILE_UPDATED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const emailChanged =
    withPassword && email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();
  // A password or email change needs the current password (Firebase: a recent sign-in).
  const needsCurrent = withPassword && (password !== '' || emailChanged);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    setSaved(false);
    try {
      const trimmed = username.trim();
      const message = await updateAccount({
        username: trimmed !== profile.username ? trimmed : undefined,
        password: password || undefined,
        email: emailChanged ? email.trim() : undefined,
        currentPassword: currentPassword || undefined,
      });
      setPassword('');
      setCurrentPassword('');
      onSaved(trimmed);
      setUsername(trimmed);
      setSaved(true);
      setNotice(message);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box as="section" aria-labelledby="account-settings-heading" flex="1">
      <Heading id="account-settings-heading" as="h2" size="lg" mb="4">
        Account Settings
      </Heading>
      <Stack as="form" gap="4" onSubmit={(e) => void onSubmit(e)} maxW="md">
        <TextField
          id="profile-username"
          label="Username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          required
          minLength={2}
          maxLength={40}
          autoComplete="username"
        />
        {withPassword && (
          <>
            <TextField
              id="profile-email"
              label="Email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
              autoComplete="email"
            />
            <TextField
              id="profile-password"
              label="New Password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              minLength={6}
              autoComplete="new-password"
              placeholder="Leave blank to keep your password"
            />
            <TextField
              id="profile-current-password"
              label="Current Password"
              type="password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.currentTarget.value)}
              aria-required={needsCurrent}
              autoComplete="current-password"
              placeholder="Needed to change your password or email"
            />
          </>
        )}
        <Button type="submit" colorPalette="teal" disabled={busy} alignSelf="start">
          {busy ? 'Updating...' : 'Update Profile'}
        </Button>
        {saved && (
          <Text role="status" color="green.700" fontWeight="medium">
            {PROFILE_UPDATED}
          </Text>
        )}
        {notice && (
          <Text role="status" color="fg" data-testid="profile-notice">
            {notice}
          </Text>
        )}
        {error && (
          <Text role="alert" color="red.700">
            {error}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

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
  const signOut = useSignOut();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onDelete = async () => {
    if (!window.confirm(DELETE_ACCOUNT_CONFIRM)) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount(user.uid);
      // Home first, then the local sign-out (see useSignOut).
      await signOut().catch((e: unknown) => console.error('local sign-out failed', e));
    } catch (e) {
      setError(messageOf(e));
      setDeleting(false);
    }
  };

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
        <Button
          colorPalette="red"
          variant="outline"
          size="sm"
          onClick={() => void onDelete()}
          disabled={deleting}
        >
          {deleting ? 'Deleting...' : 'Delete Account'}
        </Button>
        {error && (
          <Text role="alert" color="red.700" fontSize="sm">
            {error}
          </Text>
        )}
      </Stack>
      <AccountSettings
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
