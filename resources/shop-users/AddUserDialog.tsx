import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, useMediaQuery, type Theme } from '@mui/material';
import { useNotify } from 'react-admin';
import { addUserBody } from '../../domain/staff';
import { messages } from '../../domain/messages';
import { useSchemaForm } from '../../src/components/useSchemaForm';
import { staffApi } from './api';

/** Add User (super admins only, spec 3 §2.8, §6): creates a shop admin with an e-mail and a password. */
export function AddUserDialog({ shopId, open, onClose, onAdded }: { shopId: string; open: boolean; onClose: () => void; onAdded: () => void }) {
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { values, errors, saving, change, submit, close } = useSchemaForm(addUserBody, { email: '', password: '' }, {
    onClose,
    save: async (data) => {
      const res = await staffApi.addUser(shopId, data);
      notify(res.message, { type: 'success', autoHideDuration: 12_000 });
      onAdded();
    },
  });

  return (
    <Dialog open={open} onClose={saving ? undefined : close} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby="add-user-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-user-title">Add User</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            Adds the user to this shop as an admin. An e-mail with the login details is sent to them.
          </DialogContentText>
          <TextField
            autoFocus
            name="email"
            type="email"
            label="Email"
            value={values.email}
            onChange={(e) => change('email', e.target.value)}
            error={!!errors.email}
            helperText={errors.email || ' '}
            autoComplete="off"
          />
          <TextField
            name="password"
            type="password"
            label="Password"
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
            error={!!errors.password}
            helperText={errors.password || ' '}
            autoComplete="new-password"
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? messages.pleaseWait : 'Add User'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
