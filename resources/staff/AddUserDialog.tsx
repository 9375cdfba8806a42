import { DialogContentText, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { addUserBody } from '../../domain/staff';
import { useApi, useApiMutation } from '../../src/components/api';
import type { StaffApi } from './api';
import { FormDialog } from '../../src/components/FormDialog';
import { useSchemaForm } from '../../src/components/forms/useSchemaForm';

/** Add User (super admins only, spec 3 §2.8, §6): creates a shop admin with an e-mail and a password. */
export function AddUserDialog({
  shopId,
  open,
  onClose,
  onAdded,
}: {
  shopId: string;
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const translate = useTranslate();
  const api = useApi<StaffApi>();
  const add = useApiMutation({
    mutationFn: (data: { email: string; password: string }) => api.addUser(shopId, data),
    success: '',
    successOptions: { type: 'success', autoHideDuration: 12_000 },
    onSuccess: onAdded,
  });
  const { values, errors, saving, change, submit, close } = useSchemaForm(
    addUserBody,
    { email: '', password: '' },
    { onClose, save: add.mutateAsync },
  );

  return (
    <FormDialog
      id="add-user-title"
      title={translate('resources.staff.actions.addUser')}
      submitLabel={translate('resources.staff.actions.addUser')}
      open={open}
      saving={saving}
      onSubmit={submit}
      onClose={close}
    >
      <DialogContentText sx={{ mb: 1 }}>{translate('resources.staff.addUserHelp')}</DialogContentText>
      <TextField
        autoFocus
        name="email"
        type="email"
        label={translate('resources.staff.fields.email')}
        value={values.email}
        onChange={(e) => change('email', e.target.value)}
        error={!!errors.email}
        helperText={errors.email || ' '}
        autoComplete="off"
      />
      <TextField
        name="password"
        type="password"
        label={translate('resources.staff.fields.password')}
        value={values.password}
        onChange={(e) => change('password', e.target.value)}
        error={!!errors.password}
        helperText={errors.password || ' '}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
