import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true from the
 * render right after. A control whose handler is not attached yet can be disabled until then:
 * a click on a prerendered button would do nothing, and a submit would send the form natively
 * (the sign-in form's password in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
