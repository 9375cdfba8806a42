import { useEffect, useRef } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useBlocker, useTranslate } from 'react-admin';

/**
 * Holds every in-app navigation (Back included) while mounted and hands it to `onHeld`, which lets it go
 * (`proceed`) or cancels it (`stay`). Needs a data router: mount it only when react-admin's useCanBlock() says so.
 */
export function HoldNavigation({ onHeld }: { onHeld: (proceed: () => void, stay: () => void) => void }) {
  const blocker = useBlocker(true);
  const held = useRef(onHeld);
  useEffect(() => {
    held.current = onHeld;
  });
  // The blocker object is new on every render; its state and its two functions change only with a new block.
  const { state, proceed, reset } = blocker;
  useEffect(() => {
    if (state === 'blocked') held.current(proceed, reset);
  }, [state, proceed, reset]);
  return null;
}

/** Asks before a chosen, not yet uploaded image is thrown away (Cancel, Escape or Back during the crop). */
export function DiscardCropDialog({ open, onDiscard, onKeep }: { open: boolean; onDiscard: () => void; onKeep: () => void }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`servery.image.${key}`);
  return (
    <Dialog open={open} onClose={onKeep} maxWidth="xs" aria-labelledby="discard-crop-title" aria-describedby="discard-crop-text">
      <DialogTitle id="discard-crop-title">{t('discardTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="discard-crop-text">{t('discardText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>
          {t('keep')}
        </Button>
        <Button onClick={onDiscard} color="error">
          {t('discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
