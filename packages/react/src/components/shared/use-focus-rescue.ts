import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';

/** Whether the keyboard focus has gone back to the page itself: the control that held it was removed. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * After `key` changes (not on the first render), moves focus to `target` if the change removed the
 * control that held it (the button the user pressed gave way to a status, a retry or the next step).
 * A focus the user has put somewhere else on the page stays where it is.
 */
export function useFocusRescue(key: string | null, target: RefObject<HTMLElement | null>) {
  const last = useRef(key);
  useEffect(() => {
    const from = last.current;
    if (from === key) return;
    last.current = key;
    // Null is "still loading": the first content after it is no change the user made, and a page that
    // has just loaded keeps its focus where the browser put it.
    if (from !== null && key !== null && focusLost()) target.current?.focus();
  }, [key, target]);
}
