import { useTranslate } from 'react-admin';
import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { REJECT_REASON_MAX } from '../../domain/constants';
import type { Shop } from '../../domain/shop';
import { rejectBody } from '../../domain/shop';
import { schemaErrors } from '../../src/components/forms/schemaResolver';

/** Reject with a reason (spec 3 §2.10); the owner sees the reason on their shop list. */
export function RejectDialog({
  shop,
  onClose,
  onReject,
}: {
  shop: Shop | null;
  onClose: () => void;
  onReject: (reason: string) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const close = () => {
    setReason('');
    setError('');
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = rejectBody.safeParse({ rejectReason: reason });
    if (!parsed.success) {
      setError(schemaErrors(parsed.error).rejectReason ?? '');
      return;
    }
    setSaving(true);
    const done = await onReject(parsed.data.rejectReason);
    setSaving(false);
    if (done) close();
  };

  return (
    <Dialog
      open={shop !== null}
      onClose={saving ? undefined : close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="reject-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reject-title">{translate('resources.shops.reject.title', { name: shop?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('resources.shops.reject.explain')}</DialogContentText>
          <TextField
            autoFocus
            multiline
            minRows={4}
            name="rejectReason"
            label={translate('resources.shops.fields.listing.rejectReason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error || `${reason.length} / ${REJECT_REASON_MAX}`}
            slotProps={{ htmlInput: { maxLength: REJECT_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={saving}>
            {translate('resources.shops.actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={saving}>
            {translate('resources.shops.actions.reject')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
