import { SaveButton, Toolbar, useSaveContext, useTranslate } from 'react-admin';
import { Button, CircularProgress } from '@mui/material';
import { Link } from 'react-router-dom';
import { useFormState } from 'react-hook-form';
import { messages } from '../../domain/messages';

/**
 * Save is disabled until the form is valid (spec 1 §5). A new shop shows 'Please Wait' while it is
 * being saved (spec 1 §4). `resubmit` lets a rejected shop be sent back to review unchanged.
 */
export function ShopFormToolbar({ creating = false, resubmit = false }: { creating?: boolean; resubmit?: boolean }) {
  const { isValid, isSubmitting } = useFormState();
  const translate = useTranslate();
  const { saving } = useSaveContext();
  const busy = saving || isSubmitting;
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton
        label={
          busy && creating ? messages.pleaseWait : `resources.shops.actions.${creating ? 'create' : resubmit ? 'saveAndResubmit' : 'save'}`
        }
        icon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        disabled={!isValid || busy}
        alwaysEnable={resubmit && isValid && !busy ? true : undefined}
      />
      <Button component={Link} to="/shops" disabled={busy}>
        {translate('resources.shops.actions.cancel')}
      </Button>
    </Toolbar>
  );
}
