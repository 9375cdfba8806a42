import { useLayoutEffect } from 'react';
import { dropPrerendered, removeCopy, type Handover } from './prerenderedCopy';

export { dropPrerendered, prerenderedPath, type Handover } from './prerenderedCopy';

/**
 * Takes over from the pre-rendered copy once this page's live view is on screen: `apply` gets the typed values (before
 * the browser paints), and the live field of the same name gets the focus (`fallbackFocus` when none had it).
 */
export function usePrerenderedHandover(apply?: (handover: Handover) => void, fallbackFocus?: () => HTMLElement | null) {
  useLayoutEffect(() => {
    const handover = dropPrerendered();
    if (!handover) return;
    apply?.(handover);
    const live = handover.focused ? document.querySelector<HTMLInputElement>(`#root input[name="${handover.focused}"]`) : null;
    (live ?? fallbackFocus?.())?.focus();
    // Once, on mount: later renders have nothing to take over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * A shop page's first view (its early script filled it with the page's data) stays on screen until the live page
 * shows the same: `ready` once the page's own data is there. Pages without a first view lose nothing by calling it.
 */
export function useFirstViewHandover(ready: boolean) {
  useLayoutEffect(() => {
    if (ready) removeCopy();
  }, [ready]);
}
