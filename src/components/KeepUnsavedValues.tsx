import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useFormContext, useFormState } from 'react-hook-form';
import { onSessionExpired } from '../../providers/session';

const KEY = 'servery.unsaved:';

/**
 * Put inside a form (react-admin's SimpleForm): when the session ends while the form holds changes, the
 * changed values are kept in sessionStorage under the page's path before the user is sent to /login, and
 * they are put back (as unsaved changes) when the user returns to the page after signing in again.
 */
export function KeepUnsavedValues() {
  const { getValues, setValue, reset } = useFormContext();
  const { dirtyFields } = useFormState();
  const { pathname } = useLocation();
  const dirty = useRef<string[]>([]);
  useEffect(() => {
    dirty.current = Object.keys(dirtyFields);
  });

  useEffect(
    () =>
      onSessionExpired(() => {
        if (dirty.current.length === 0) return;
        const values = getValues();
        const kept = Object.fromEntries(dirty.current.map((field) => [field, values[field]]));
        sessionStorage.setItem(KEY + pathname, JSON.stringify(kept));
        // The values are safe: the form may be left for /login without the unsaved-changes prompt.
        reset(values);
      }),
    [getValues, reset, pathname],
  );

  useEffect(() => {
    const raw = sessionStorage.getItem(KEY + pathname);
    if (!raw) return;
    // After the form has taken its record (its own reset runs after this child's effect).
    const kept = Object.entries(JSON.parse(raw) as Record<string, unknown>);
    const restore = () => {
      for (const [field, value] of kept) {
        if (JSON.stringify(getValues(field)) !== JSON.stringify(value)) setValue(field, value, { shouldDirty: true, shouldValidate: true });
      }
    };
    const timers = [
      setTimeout(() => {
        sessionStorage.removeItem(KEY + pathname);
        restore();
      }, 0),
      // Again once inputs that react to others (a country resets its time zone) have had their say.
      setTimeout(restore, 50),
    ];
    return () => timers.forEach(clearTimeout);
  }, [pathname, getValues, setValue]);

  return null;
}
