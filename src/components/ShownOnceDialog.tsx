import { useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

/**
 * A secret just made (an API key, a webhook signing secret), shown this once with a copy button and a warning that it
 * will not be shown again.
 */
export function ShownOnceDialog({
  value,
  onClose,
  words,
  name,
}: {
  value: string | null;
  onClose: () => void;
  /** Where its words are: title, warning, copy, copied, copyFailed, close. */
  words: string;
  /** Names its title (`${name}-title`) and its value (data-testid). */
  name: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (k: string) => translate(`${words}.${k}`);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value ?? '');
      notify(t('copied'), { type: 'success' });
    } catch {
      notify(t('copyFailed'), { type: 'warning' });
    }
  };
  return (
    <Dialog open={value !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${name}-title`}>
      <DialogTitle id={`${name}-title`}>{t('title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('warning')}
        </Alert>
        <Box
          component="code"
          data-testid={name}
          sx={{ display: 'block', p: 1.5, bgcolor: 'action.hover', borderRadius: 1, wordBreak: 'break-all', fontSize: 14 }}
        >
          {value}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
