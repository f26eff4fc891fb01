import { useEffect, useRef, type MouseEvent } from 'react';

/**
 * A modal <dialog> of the visitor side (Browse's filter sheet, the report dialog), opened and
 * closed by `open`: showModal() makes the browser keep focus inside it and the page behind inert,
 * Escape closes it, and on closing it gives focus back to where it was opened from. `onOpen` runs
 * once it is shown (to move focus into it). Wire the returned `ref` and `onClick` onto the
 * <dialog>, and its `onClose` to whatever sets `open` to false.
 */
export function useModalDialog(open: boolean, onOpen?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opened = useRef(onOpen);
  opened.current = onOpen;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      opened.current?.();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);
  return {
    ref,
    close: () => ref.current?.close(),
    // A click on the backdrop lands on the dialog itself (its content fills the inner box).
    onClick: (e: MouseEvent<HTMLDialogElement>) => {
      if (e.target === e.currentTarget) ref.current?.close();
    },
  };
}
