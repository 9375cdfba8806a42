import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, TextField, Typography } from '@mui/material';
import { HttpError, useTranslate } from 'react-admin';
import type { StepUpStatus } from '../../domain/stepUp';
import { apiUrl } from '../../providers/deployment';
import { httpClient } from '../../providers/httpClient';
import { onStepUpRequired } from '../../providers/stepUp';
import { FormDialog } from './FormDialog';

type Method = StepUpStatus['method'];

/** The field's message the server gave for the proof, or its message. */
function proofError(error: unknown, method: Method): string {
  if (error instanceof HttpError) {
    const body = error.body as { errors?: Record<string, string> } | undefined;
    return body?.errors?.[method] ?? body?.errors?.code ?? body?.errors?.password ?? error.message;
  }
  return (error as Error | null)?.message ?? '';
}

/**
 * Asks the signed-in user to prove it is them (their password, or a code when two-factor is on) when the server
 * refuses a change that moves money or trust with STEP_UP_REQUIRED. Mounted once by the layout, outside every page,
 * so the page and its form stay as they are underneath; the refused call is sent again once this succeeds.
 */
export function StepUpDialog() {
  const translate = useTranslate();
  const t = (key: string) => translate(`servery.stepUp.${key}`);
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<Method>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const settle = useRef<((proved: boolean) => void) | null>(null);

  useEffect(
    () =>
      onStepUpRequired(async () => {
        // What to ask for: a code when two-factor is on. Another tab may have proved it meanwhile.
        const status = await httpClient<StepUpStatus>(`${apiUrl}/me/step-up`)
          .then((r) => r.json)
          .catch(() => null);
        if (status?.fresh) return true;
        setMethod(status?.method ?? 'password');
        setValue('');
        setError('');
        setOpen(true);
        return new Promise<boolean>((resolve) => {
          settle.current = resolve;
        });
      }),
    [],
  );

  const finish = (proved: boolean) => {
    setOpen(false);
    settle.current?.(proved);
    settle.current = null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The page's own form must not see this submit.
    e.stopPropagation();
    if (!value.trim()) {
      setError(t(method === 'code' ? 'codeRequired' : 'passwordRequired'));
      return;
    }
    setSaving(true);
    try {
      await httpClient(`${apiUrl}/me/step-up`, {
        method: 'POST',
        body: JSON.stringify(method === 'code' ? { code: value } : { password: value }),
      });
      finish(true);
    } catch (failure) {
      setError(proofError(failure, method));
    } finally {
      setSaving(false);
    }
  };

  const label = t(method === 'code' ? 'code' : 'password');
  return (
    <FormDialog
      id="step-up-title"
      title={t('title')}
      submitLabel={t('confirm')}
      open={open}
      saving={saving}
      onSubmit={submit}
      onClose={() => finish(false)}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(method === 'code' ? 'explainCode' : 'explainPassword')}
      </Typography>
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        label={label}
        type={method === 'code' ? 'text' : 'password'}
        autoComplete={method === 'code' ? 'one-time-code' : 'current-password'}
        inputMode={method === 'code' ? 'numeric' : undefined}
        name={method === 'code' ? 'stepUpCode' : 'stepUpPassword'}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError('');
        }}
        error={Boolean(error)}
        helperText={error || (method === 'code' ? t('codeHint') : ' ')}
        disabled={saving}
      />
      {method === 'code' && !error && (
        <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
          {t('recoveryHint')}
        </Alert>
      )}
    </FormDialog>
  );
}
