import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../hooks/auth-context';
import type { AuthState } from '../api/session';
import { RememberedSessionFrame } from './remembered-session-frame';
import { RequireAdmin } from './require-admin';

afterEach(cleanup);

const area = (
  <RequireAdmin frame={<p>the area's frame</p>}>
    <p>the admin area</p>
  </RequireAdmin>
);

function withState(state: AuthState) {
  const none = () => {};
  const value: AuthContextValue = {
    state,
    signOut: () => Promise.resolve(),
    start: none,
    setUser: none,
  };
  return render(
    <MemoryRouter>
      <AuthContext.Provider value={value}>{area}</AuthContext.Provider>
    </MemoryRouter>,
  );
}

describe('RequireAdmin', () => {
  it("shows a remembered admin the area's frame while the session is restored, not the area", () => {
    render(
      <MemoryRouter>
        <RememberedSessionFrame role="admin">{area}</RememberedSessionFrame>
      </MemoryRouter>,
    );
    expect(screen.getByText("the area's frame")).toBeTruthy();
    expect(screen.queryByText('the admin area')).toBeNull();
  });

  it('shows a remembered student, or nobody remembered, only "Loading..."', () => {
    const { unmount } = render(
      <MemoryRouter>
        <RememberedSessionFrame role="user">{area}</RememberedSessionFrame>
      </MemoryRouter>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText("the area's frame")).toBeNull();
    unmount();
    withState({ status: 'loading', hint: null });
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText("the area's frame")).toBeNull();
  });

  it('renders the area once Auth confirms an admin', () => {
    withState({
      status: 'signed-in',
      user: {
        uid: 'a1',
        displayName: 'Ada',
        email: 'ada@example.com',
        photoURL: null,
        role: 'admin',
        passwordSignIn: true,
      },
    });
    expect(screen.getByText('the admin area')).toBeTruthy();
    expect(screen.queryByText("the area's frame")).toBeNull();
  });
});
