import { useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

/** An endpoint's signing secret, just made (added or rolled): shown this once, with a copy button and a warning. */
export function SecretDialog({ value, onClose }: { value: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (k: string) => translate(`resources.webhooks.secret.${k}`);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value ?? '');
      notify(t('copied'), { type: 'success' });
    } catch {
      notify(t('copyFailed'), { type: 'warning' });
    }
  };
  return (
    <Dialog open={value !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">{t('title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('warning')}
        </Alert>
        <Box
          component="code"
          data-testid="webhook-secret"
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
