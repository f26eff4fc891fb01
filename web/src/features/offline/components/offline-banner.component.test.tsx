import { OFFLINE_BANNER } from '@notenest/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineBanner } from './offline-banner';

/** Makes the browser say it is on- or offline, as Chromium does: the flag, then the event. */
function goOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  cleanup();
  goOnline(true);
});

describe('OfflineBanner', () => {
  it('says nothing online, shows the status while offline, and goes when the network is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    goOnline(false);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(OFFLINE_BANNER);
    expect(status.textContent).toBe(
      "You're offline. Saved notes marked available offline still open.",
    );
    // Inside a named region, so its text is in a landmark (axe's "region" rule).
    expect(screen.getByRole('region', { name: 'Connection' }).contains(status)).toBe(true);
    goOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows at once when the page opens offline', () => {
    goOnline(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_BANNER);
  });
});
