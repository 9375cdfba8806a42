import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { TwoFactorSetup } from '../../domain/twoFactor';
import { useApi, useApiError, useApiQuery } from '../../src/components/api';
import { Pending } from '../../src/components/Pending';
import { touchTargets } from '../../src/components/touch';
import type { AccountApi } from './api';
import { useQrDataUrl } from './qr';

const QUERY_KEY = ['me', 'two-factor'];

/** The failure's field message for the code, or its message (the server says what was wrong). */
const codeError = (error: unknown) => {
  const e = error as { message?: string; body?: { errors?: Record<string, string> } } | null;
  return e?.body?.errors?.code ?? e?.message ?? '';
};

/** Two-factor sign-in: on or off; turning on shows the QR code and key, a code confirms it, then the recovery codes once. */
export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void } = {}) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.account.twoFactor.${k}`, o);
  const api = useApi<AccountApi>();
  const report = useApiError();
  const queryClient = useQueryClient();
  const status = useApiQuery({ queryKey: QUERY_KEY, queryFn: () => api.getTwoFactor() });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [starting, setStarting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await api.startTwoFactor());
    } catch (error) {
      report(error);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="two-factor-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id="two-factor-title" variant="h6" component="h2">
            {t('title')}
          </Typography>
        </Box>
        {!status.data ? (
          <Pending />
        ) : (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
            <Box>
              <Typography data-testid="two-factor-status">{status.data.enabled ? t('on') : t('off')}</Typography>
              {status.data.enabled && (
                <Chip
                  size="small"
                  variant="outlined"
                  sx={{ mt: 1 }}
                  label={t('codesLeft', { smart_count: status.data.recoveryCodesLeft })}
                  color={status.data.recoveryCodesLeft > 2 ? 'default' : 'warning'}
                />
              )}
            </Box>
            {status.data.enabled ? (
              <Button variant="outlined" color="warning" onClick={() => setTurningOff(true)}>
                {t('turnOff')}
              </Button>
            ) : (
              <Button variant="contained" onClick={() => void start()} disabled={starting}>
                {t('turnOn')}
              </Button>
            )}
          </Box>
        )}
      </CardContent>
      <SetupDialog
        setup={setup}
        onClose={() => setSetup(null)}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          void refresh();
        }}
      />
      <RecoveryCodesDialog
        codes={codes}
        onClose={() => {
          setCodes(null);
          // After the codes were shown: a user held at set-up goes on to the console only now.
          onEnabled?.();
        }}
      />
      <TurnOffDialog open={turningOff} onClose={() => setTurningOff(false)} onDone={() => void refresh()} />
    </Card>
  );
}

function CodeForm({
  label,
  hint,
  submitLabel,
  onSubmit,
  onCancel,
  digitsOnly,
}: {
  label: string;
  hint?: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
  digitsOnly: boolean;
}) {
  const translate = useTranslate();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await onSubmit(code);
    } catch (e) {
      setError(codeError(e));
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <TextField
        autoFocus
        fullWidth
        name="code"
        label={label}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={Boolean(error)}
        helperText={error || hint || ' '}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: digitsOnly ? { inputMode: 'numeric', maxLength: 6 } : { maxLength: 40 } }}
        sx={{ mt: 1 }}
      />
      <DialogActions sx={{ px: 0 }}>
        <Button onClick={onCancel}>{translate('resources.account.twoFactor.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
          {busy ? <CircularProgress size={20} color="inherit" /> : submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}

function SetupDialog({
  setup,
  onClose,
  onEnabled,
}: {
  setup: TwoFactorSetup | null;
  onClose: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const translate = useTranslate();
  const t = (k: string) => translate(`resources.account.twoFactor.${k}`);
  const api = useApi<AccountApi>();
  const qr = useQrDataUrl(setup?.uri ?? null);
  // The key in groups of four, as apps show it; typed with or without the spaces.
  const spaced = setup?.secret.match(/.{1,4}/g)?.join(' ') ?? '';
  return (
    <Dialog open={setup !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="two-factor-setup-title" sx={touchTargets}>
      <DialogTitle id="two-factor-setup-title">{t('setupTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t('scan')}</Typography>
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
          {qr ? <img src={qr} alt={t('qrAlt')} width={200} height={200} data-testid="two-factor-qr" /> : <CircularProgress />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('typeSecret')}
        </Typography>
        <Box
          component="code"
          data-testid="two-factor-secret"
          data-secret={setup?.secret}
          sx={{ display: 'block', p: 1.5, my: 1, bgcolor: 'action.hover', borderRadius: 1, wordBreak: 'break-all', fontSize: 16 }}
        >
          {spaced}
        </Box>
        <CodeForm
          label={t('code')}
          hint={t('codeHint')}
          submitLabel={t('confirm')}
          digitsOnly
          onCancel={onClose}
          onSubmit={async (code) => onEnabled((await api.enableTwoFactor(code)).recoveryCodes)}
        />
      </DialogContent>
    </Dialog>
  );
}

function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (k: string) => translate(`resources.account.twoFactor.${k}`);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText((codes ?? []).join('\n'));
      notify(t('copied'), { type: 'success' });
    } catch {
      notify(t('copyFailed'), { type: 'warning' });
    }
  };
  return (
    <Dialog open={codes !== null} fullWidth maxWidth="sm" aria-labelledby="recovery-codes-title" sx={touchTargets}>
      <DialogTitle id="recovery-codes-title">{t('codesTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('codesWarning')}
        </Alert>
        <Box
          component="ul"
          data-testid="recovery-codes"
          sx={{
            listStyle: 'none',
            p: 1.5,
            m: 0,
            bgcolor: 'action.hover',
            borderRadius: 1,
            columns: 2,
            fontFamily: 'monospace',
            fontSize: 16,
          }}
        >
          {codes?.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => void copy()}>{t('copyCodes')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TurnOffDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (k: string) => translate(`resources.account.twoFactor.${k}`);
  const api = useApi<AccountApi>();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="two-factor-off-title" sx={touchTargets}>
      <DialogTitle id="two-factor-off-title">{t('offTitle')}</DialogTitle>
      <DialogContent>
        <Typography>{t('offText')}</Typography>
        {open && (
          <CodeForm
            label={t('offCode')}
            submitLabel={t('turnOff')}
            digitsOnly={false}
            onCancel={onClose}
            onSubmit={async (code) => {
              const { message } = await api.disableTwoFactor(code);
              notify(message, { type: 'success' });
              onClose();
              onDone();
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
