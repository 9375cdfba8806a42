import { useTranslate } from 'react-admin';
import { useState } from 'react';
import { Button, Chip, Stack, TextField } from '@mui/material';

/**
 * A write-only secret: once stored, the console only learns that it is set, and offers Replace. The value typed
 * here is sent once, on save; leaving it empty keeps the stored one.
 */
export function SecretField({
  name,
  label,
  isSet,
  value,
  error,
  multiline = false,
  onChange,
}: {
  name: string;
  label: string;
  isSet: boolean;
  value: string;
  error?: string;
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  const translate = useTranslate();
  const [replacing, setReplacing] = useState(false);
  if (isSet && !replacing) {
    return (
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', py: 1.5 }}>
        <TextField
          label={label}
          value="••••••••"
          disabled
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'aria-describedby': `${name}-set` } }}
        />
        <Chip id={`${name}-set`} label={translate('resources.apps.secrets.set')} color="success" size="small" variant="outlined" />
        <Button size="small" onClick={() => setReplacing(true)} aria-label={translate('resources.apps.secrets.replace', { label })}>
          {translate('resources.apps.secrets.replaceButton')}
        </Button>
      </Stack>
    );
  }
  return (
    <TextField
      name={name}
      label={label}
      type={multiline ? 'text' : 'password'}
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error || (isSet ? 'Leave empty to keep the stored value' : ' ')}
      required={!isSet}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      fullWidth
      margin="dense"
      sx={multiline ? { '& textarea': { fontFamily: 'monospace', fontSize: 13 } } : undefined}
    />
  );
}
