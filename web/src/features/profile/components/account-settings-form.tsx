import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorBanner, TextField } from '../../../shared/ui';
import type { SessionUser } from '../../auth';
import { updateAccount } from '../api/profile-api';
import { profileErrorMessage, type Profile } from '../api/profile-model';

export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATED_MS = 3000;

/**
 * Account Settings: the username, and for a password account its email and password (either
 * change asks for the current password). `onSaved` gets the username as saved.
 */
export function AccountSettingsForm({
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
      setError(profileErrorMessage(e));
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
          <Text role="status" color="green.fg" fontWeight="medium">
            {PROFILE_UPDATED}
          </Text>
        )}
        {notice && (
          <Text role="status" color="fg" data-testid="profile-notice">
            {notice}
          </Text>
        )}
        {error && <ErrorBanner>{error}</ErrorBanner>}
      </Stack>
    </Box>
  );
}
