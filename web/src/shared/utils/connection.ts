import { OFFLINE_NEEDS_CONNECTION } from '@notenest/shared';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has no network (navigator.onLine is false). `true` from it is only
 * "maybe": a captive portal or a dead Wi-Fi still says online, and those calls fail as usual.
 */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export const NEEDS_CONNECTION = OFFLINE_NEEDS_CONNECTION;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser is offline; re-renders when it goes on- or offline. */
export function useOffline(): boolean {
  // The server (prerender) renders online: offline is only known in the browser.
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
