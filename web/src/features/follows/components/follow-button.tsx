import { followKey, type FollowKind } from '@notenest/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../shared/errors/app-error';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { useAuth } from '../../auth';
import { followStore } from '../hooks/follow-store';
import { useFollows } from '../hooks/use-follows';
import './follow-button.css';

export interface FollowButtonProps {
  kind: FollowKind;
  /** The exact name, as Browse's filters and the note's details show it. */
  name: string;
  /** Says the kind too ("Follow course"), where several buttons sit together without a label. */
  showKind?: boolean;
  className?: string;
}

/**
 * Follow / Following for a subject, a course or a college (issue 32): a toggle (aria-pressed)
 * named with what it follows ("Follow course BBA"), in plain markup for the visitor-side pages
 * (Browse, the note page) and the profile alike. A visitor is sent to sign in, as Like does;
 * while a stored session is being confirmed the button waits (disabled) rather than sending a
 * returning student there. The follows are read once per page (hooks/follow-store.ts).
 */
export function FollowButton({ kind, name, showKind, className }: FollowButtonProps) {
  const { state } = useAuth();
  const navigate = useNavigate();
  const uid = state.status === 'signed-in' ? state.user.uid : null;
  const authPending = state.status === 'loading' && state.hint !== null;
  const follows = useFollows(uid);
  const key = followKey(kind, name);
  const following = follows.follows.some((f) => f.key === key);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // Until the reader's follows are read the state is unknown: no press is offered on a guess.
  const unknown = authPending || (uid !== null && follows.status !== 'ready');

  const onClick = () => {
    if (!uid) {
      void navigate(paths.signIn);
      return;
    }
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const done = following ? followStore.unfollow(uid, key) : followStore.follow(uid, kind, name);
    done
      .catch((error: unknown) => {
        console.error('Could not change the follow', error);
        // The api's own words (the 31st follow's limit), else the generic failure.
        setMessage(errorMessage(error, { fallback: 'Something went wrong. Please try again.' }));
      })
      .finally(() => setBusy(false));
  };

  const word = following ? 'Following' : 'Follow';
  const label = showKind ? `${word} ${kind}` : word;
  return (
    <span className={className ? `nn-follow ${className}` : 'nn-follow'}>
      <button
        type="button"
        className={`nn-button nn-button--xs ${following ? 'nn-button--solid' : 'nn-button--outline'}`}
        // The visible word first (axe: label-content-name-mismatch), then what it follows.
        aria-label={`${word} ${kind} ${name}`}
        aria-pressed={following}
        // Busy, not disabled, while writing: a disabled button drops keyboard focus.
        aria-busy={busy || undefined}
        disabled={unknown}
        data-follow={key}
        onClick={onClick}
      >
        {busy && <span className="nn-spinner" aria-hidden="true" />}
        {label}
      </button>
      {message && <Alert className="nn-follow__message">{message}</Alert>}
    </span>
  );
}
