import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { messages } from '../../domain/messages';

/**
 * A small form in a dialog (full screen on phones) with Cancel and a submit button. While saving the
 * dialog cannot be dismissed and both buttons are disabled, so a request is never sent twice or orphaned.
 */
export function FormDialog({
  id,
  title,
  submitLabel,
  open,
  saving,
  onSubmit,
  onClose,
  children,
}: {
  /** Id of the title, which labels the dialog. */
  id: string;
  title: string;
  submitLabel: string;
  open: boolean;
  saving: boolean;
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby={id}>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? messages.pleaseWait : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
