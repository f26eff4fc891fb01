import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { ErrorBanner } from '../../../shared/ui';
import { useSignOut } from '../../auth';
import { deleteAccount } from '../api/profile-api';
import { profileErrorMessage } from '../api/profile-model';

export const DELETE_ACCOUNT_CONFIRM =
  'Are you sure you want to delete your account? This action cannot be undone.';

/** Delete Account: asks first, deletes the account (server-side cascade), then signs out. */
export function DeleteAccountButton({ uid }: { uid: string }) {
  const signOut = useSignOut();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onDelete = async () => {
    if (!window.confirm(DELETE_ACCOUNT_CONFIRM)) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount(uid);
      // Home first, then the local sign-out (see useSignOut).
      await signOut().catch((e: unknown) => console.error('local sign-out failed', e));
    } catch (e) {
      setError(profileErrorMessage(e));
      setDeleting(false);
    }
  };

  return (
    <>
      <Button
        colorPalette="red"
        variant="outline"
        size="sm"
        onClick={() => void onDelete()}
        disabled={deleting}
      >
        {deleting ? 'Deleting...' : 'Delete Account'}
      </Button>
      {error && <ErrorBanner fontSize="sm">{error}</ErrorBanner>}
    </>
  );
}
