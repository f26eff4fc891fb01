import { Box, Button, HStack, Text, chakra } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { TextField } from '../../../shared/ui';
import type { EmulatedGoogleAccount } from '../api/emulated-google';

interface GoogleAccountChooserProps {
  busy: boolean;
  onChoose: (account: EmulatedGoogleAccount) => void;
  onCancel: () => void;
}

/**
 * Stands in for Google's account chooser on a local stack (see api/emulated-google.ts): the
 * Auth emulator's own IdP page asks for the same two things. Shown inside the sign-in card, its
 * email field focused so keyboard and screen-reader users land where the flow continues.
 */
export function GoogleAccountChooser({ busy, onChoose, onCancel }: GoogleAccountChooserProps) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onChoose({ email: String(form.get('email') ?? ''), name: String(form.get('name') ?? '') });
  };

  return (
    <Box
      as="section"
      aria-labelledby="google-chooser-title"
      borderWidth="1px"
      borderColor="gray.300"
      rounded="lg"
      p="4"
    >
      <Text id="google-chooser-title" fontWeight="semibold">
        Choose a Google account
      </Text>
      <Text fontSize="sm" color="gray.700" mb="3">
        Local demo: the Firebase Auth emulator stands in for Google.
      </Text>
      <chakra.form display="flex" flexDirection="column" gap="3" onSubmit={onSubmit}>
        <TextField
          id="google-email"
          // Opened by the user's click: continue where the flow goes on.
          autoFocus
          label="Google email"
          name="email"
          type="email"
          required
          autoComplete="email"
        />
        <TextField id="google-name" label="Name (optional)" name="name" autoComplete="name" />
        <HStack justify="flex-end">
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="teal" disabled={busy}>
            {busy ? 'Loading...' : 'Continue'}
          </Button>
        </HStack>
      </chakra.form>
    </Box>
  );
}
