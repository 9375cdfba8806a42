import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, useMediaQuery, type Theme } from '@mui/material';
import { addUserBody } from '../../domain/staff';
import { messages } from '../../domain/messages';
import { fieldErrors } from '../../domain/validation';
import { staffApi } from './api';

/** Add User (super admins only, spec 3 §2.8, §6): creates a shop admin with an e-mail and a password. */
export function AddUserDialog({ shopId, open, onClose, onAdded }: { shopId: string; open: boolean; onClose: () => void; onAdded: () => void }) {
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const close = () => {
    setEmail('');
    setPassword('');
    setErrors({});
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = addUserBody.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      notify(messages.invalidForm, { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      const res = await staffApi.addUser(shopId, parsed.data);
      notify(res.message, { type: 'success', autoHideDuration: 12_000 });
      onAdded();
      close();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

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
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setErrors((x) => ({ ...x, email: '' }));
            }}
            error={!!errors.email}
            helperText={errors.email || ' '}
            autoComplete="off"
          />
          <TextField
            name="password"
            type="password"
            label="Password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors((x) => ({ ...x, password: '' }));
            }}
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
