import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../auth';
import { FollowButton } from './follow-button';

afterEach(cleanup);

/** A visitor (no stored session) on a page with the button, and the sign-in page. */
function renderForVisitor(showKind = false) {
  localStorage.clear();
  return render(
    <MemoryRouter initialEntries={['/browse']}>
      <SessionProvider>
        <Routes>
          <Route
            path="/browse"
            element={<FollowButton kind="course" name="BBA" showKind={showKind} />}
          />
          <Route path="/sign-in" element={<p>Sign-in page</p>} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

describe('FollowButton', () => {
  it('names what it follows, unpressed, for a visitor', () => {
    renderForVisitor();
    const button = screen.getByRole('button', { name: 'Follow course BBA' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('Follow');
    // A visitor's press is never held back: it goes to sign in.
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('data-follow')).toBe('course_BBA');
  });

  it('says the kind where asked (the note page), within its accessible name', () => {
    renderForVisitor(true);
    const button = screen.getByRole('button', { name: 'Follow course BBA' });
    expect(button.textContent).toBe('Follow course');
  });

  it('sends a visitor who presses it to sign in, as Like does', () => {
    renderForVisitor();
    act(() => screen.getByRole('button', { name: 'Follow course BBA' }).click());
    expect(screen.getByText('Sign-in page')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
