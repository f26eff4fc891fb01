import type { FormEvent } from 'react';
import type { EmulatedGoogleAccount } from '../api/emulated-google';
import { AuthField } from './auth-card';

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
    <section aria-labelledby="google-chooser-title" className="nn-auth__chooser">
      <p id="google-chooser-title" className="nn-auth__chooser-title">
        Choose a Google account
      </p>
      <p className="nn-auth__chooser-hint">
        Local demo: the Firebase Auth emulator stands in for Google.
      </p>
      <form onSubmit={onSubmit}>
        <AuthField
          id="google-email"
          // Opened by the user's click: continue where the flow goes on.
          autoFocus
          label="Google email"
          name="email"
          type="email"
          required
          autoComplete="email"
        />
        <AuthField id="google-name" label="Name (optional)" name="name" autoComplete="name" />
        <div className="nn-auth__chooser-actions">
          <button
            type="button"
            className="nn-button nn-button--ghost"
            onClick={onCancel}
            disabled={busy}
          >
            Cancel
          </button>
          <button type="submit" className="nn-button nn-button--solid" disabled={busy}>
            {busy ? 'Loading...' : 'Continue'}
          </button>
        </div>
      </form>
    </section>
  );
}
