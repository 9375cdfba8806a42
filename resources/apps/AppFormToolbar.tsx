import { SaveButton, Toolbar, useSaveContext, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useFormState } from 'react-hook-form';

/** Save is disabled until the form is valid (spec 1 §5). */
export function AppFormToolbar({ label }: { label: string }) {
  const { isValid, isSubmitting } = useFormState();
  const translate = useTranslate();
  const { saving } = useSaveContext();
  const busy = saving || isSubmitting;
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label={label} disabled={!isValid || busy} />
      <Button component={Link} to="/whitelabel/apps/list" disabled={busy}>
        {translate('ra.action.cancel')}
      </Button>
    </Toolbar>
  );
}
