import { useEffect } from 'react';
import { useBlocker, useCanBlock, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { ConfirmDialog } from '../ConfirmDialog';

/**
 * Put inside a form instead of react-admin's `warnWhenUnsavedChanges` (which asks with the browser's own
 * window.confirm): leaving a page whose form holds unsaved changes asks in the console's dialog first. 'Keep
 * editing' has the focus; a save or a delete that leaves the page is never held up. Closing the tab still gets the
 * browser's own question, the only one a page may ask then.
 */
export function UnsavedChangesGuard() {
  // Blocking a navigation needs the console's data router (a page rendered on its own, in a test, has none).
  return useCanBlock() ? <Guard /> : null;
}

function Guard() {
  const translate = useTranslate();
  const { isSubmitSuccessful, dirtyFields } = useFormState();
  const safe = Object.keys(dirtyFields).length === 0 || isSubmitSuccessful;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !safe && nextLocation.pathname !== currentLocation.pathname);

  // A save or a delete resets the form in the same tick as it navigates away: let that navigation through.
  useEffect(() => {
    if (blocker.state === 'blocked' && safe) blocker.proceed?.();
  }, [blocker, safe]);

  useEffect(() => {
    if (safe) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [safe]);

  return (
    <ConfirmDialog
      isOpen={blocker.state === 'blocked' && !safe}
      title={translate('servery.forms.leaveTitle')}
      content={translate('ra.message.unsaved_changes')}
      cancel={translate('servery.forms.keepEditing')}
      confirm={translate('servery.forms.leave')}
      confirmColor="warning"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
