import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: ReactNode;
  /** A sentence (translated when it is a message key) or any content. */
  content: ReactNode;
  /** The confirming button's label; 'Confirm' when not given. */
  confirm?: string;
  cancel?: string;
  /** 'warning' for what cannot be undone (deleting, removing, revoking): the button is red. */
  confirmColor?: 'primary' | 'warning';
  loading?: boolean;
  /** Values for the title's and content's message keys ({ name: 'Flat White' }). */
  translateOptions?: Record<string, unknown>;
  onConfirm: () => unknown;
  onClose: () => unknown;
}

/**
 * The console's one "are you sure?" dialog. Cancel has the focus when it opens, so Enter or Space straight away
 * (or a second tap where the first button was) cancels: only a deliberate move to the confirming button deletes.
 * Escape and a click outside also cancel.
 */
export function ConfirmDialog({
  isOpen,
  title,
  content,
  confirm = 'ra.action.confirm',
  cancel = 'ra.action.cancel',
  confirmColor = 'primary',
  loading = false,
  translateOptions = {},
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const translate = useTranslate();
  const id = useId();
  const text = (t: string) => translate(t, { _: t, ...translateOptions });
  return (
    <Dialog
      open={isOpen}
      onClose={() => !loading && onClose()}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-content`}
      onClick={(e) => e.stopPropagation()}
    >
      <DialogTitle id={`${id}-title`}>{typeof title === 'string' ? text(title) : title}</DialogTitle>
      <DialogContent id={`${id}-content`}>
        {typeof content === 'string' ? <DialogContentText>{text(content)}</DialogContentText> : content}
      </DialogContent>
      <DialogActions>
        <Button autoFocus disabled={loading} onClick={() => onClose()} data-testid="confirm-cancel">
          {text(cancel)}
        </Button>
        <Button
          disabled={loading}
          color={confirmColor === 'warning' ? 'error' : 'primary'}
          variant={confirmColor === 'warning' ? 'contained' : 'text'}
          onClick={(e) => {
            e.stopPropagation();
            onConfirm();
          }}
        >
          {text(confirm)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
