import { useTranslate } from 'react-admin';
import { useRef } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Link, Stack, Typography } from '@mui/material';
import type { CredentialFile, CredentialFileKind } from '../../domain/apps';
import { useApi, useApiMutation } from '../../src/components/api';
import type { AppsApi } from './api';

/** A credential file: upload (sealed on the server at once), then its name with a download link for super admins. */
export function CredentialFileInput({
  bundleId,
  kind,
  label,
  file,
  error,
  onUploaded,
}: {
  bundleId: string;
  kind: CredentialFileKind;
  label: string;
  file: CredentialFile;
  error?: string;
  onUploaded: (file: CredentialFile) => void;
}) {
  const api = useApi<AppsApi>();
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const upload = useApiMutation({
    mutationFn: (f: File) => api.uploadCredentialFile(bundleId, kind, f),
    success: `${label} uploaded`,
    onSuccess: onUploaded,
  });
  const download = useApiMutation({
    mutationFn: (f: NonNullable<CredentialFile>) => api.downloadCredentialFile(f.downloadUrl, f.name),
    success: null,
  });
  const id = `file-${kind}`;
  return (
    <Box sx={{ py: 1 }}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ fontWeight: 600, display: 'block' }}>
        {label}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, mt: 0.5 }}>
        <input
          ref={input}
          id={id}
          data-testid={id}
          type="file"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) upload.mutate(f);
            e.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
        >
          {translate(file ? 'resources.apps.files.replace' : 'resources.apps.files.upload')}
        </Button>
        {file ? (
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            <Link
              component="button"
              type="button"
              onClick={() => download.mutate(file)}
              aria-label={translate('resources.apps.files.download', { label, name: file.name })}
            >
              {file.name}
            </Link>{' '}
            {translate('resources.apps.files.size', { kb: Math.max(1, Math.round(file.size / 1024)) })}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.apps.files.none')}
          </Typography>
        )}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
