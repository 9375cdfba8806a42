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
    const timer = setTimeout(() => {
      sessionStorage.removeItem(KEY + pathname);
      for (const [field, value] of Object.entries(JSON.parse(raw) as Record<string, unknown>)) {
        setValue(field, value, { shouldDirty: true, shouldValidate: true });
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [pathname, setValue]);

  return null;
}
