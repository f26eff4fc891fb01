import { Box, Stack, Text, chakra } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { ErrorBanner } from '../../../shared/ui';
import { uploadAvatar } from '../api/profile-api';
import { avatarProblem, profileErrorMessage, type Profile } from '../api/profile-model';

/**
 * The profile picture, a button that picks a new one: checked in the browser, uploaded with its
 * progress shown, then handed to `onChange` as its download URL.
 */
export function AvatarPicker({
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
      setError(profileErrorMessage(e));
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
        _focusVisible={{
          outline: '3px solid',
          outlineColor: 'teal.focusRing',
          outlineOffset: '2px',
        }}
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
      {error && <ErrorBanner fontSize="sm">{error}</ErrorBanner>}
    </Stack>
  );
}
