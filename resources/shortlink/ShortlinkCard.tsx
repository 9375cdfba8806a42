import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import LinkIcon from '@mui/icons-material/Link';
import { useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { shortlinkInputSchema, shortlinkMessages, type Shortlink } from '../../domain/shortlink';
import { useShopRole } from '../../src/contracts/shopContext';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import { FormDialog } from '../../src/components/FormDialog';
import { useSchemaForm } from '../../src/components/forms/useSchemaForm';
import type { ShortlinkApi } from './api';
import { ShortlinkQr } from './ShortlinkQr';

/**
 * The shop's short link on its overview: the link to share, Copy, and for ADMINs Create or Change code; its QR code
 * with downloads and the printable flyer. Staff see the link read-only.
 */
export function ShortlinkCard({ shopId }: { shopId: string }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.shortlink.${key}`);
  const api = useApi<ShortlinkApi>();
  const notify = useNotify();
  const isAdmin = useShopRole().can('ADMIN');
  const queryClient = useQueryClient();
  const key = ['shortlink', shopId];
  const link = useApiQuery<Shortlink | null>({ queryKey: key, queryFn: () => api.getShortlink(shopId) });
  const saved = (value: Shortlink) => queryClient.setQueryData(key, value);
  const create = useApiMutation({ mutationFn: () => api.createShortlink(shopId), success: shortlinkMessages.created, onSuccess: saved });
  const [changing, setChanging] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify(shortlinkMessages.copied, { type: 'success' });
    } catch {
      notify(t('copyFailed'), { type: 'warning' });
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="shortlink-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <LinkIcon color="action" />
          <Typography id="shortlink-title" variant="h6" component="h2">
            {t('title')}
          </Typography>
        </Stack>
        {link.isPending ? (
          <Typography color="text.secondary">…</Typography>
        ) : link.data ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('explain')}
            </Typography>
            <Box
              component="output"
              aria-label={t('fields.url')}
              sx={{ display: 'block', mt: 1.5, fontFamily: 'monospace', fontSize: '1rem', overflowWrap: 'anywhere', userSelect: 'all' }}
            >
              {link.data.url}
            </Box>
            <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}>
              <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy(link.data!.url)}>
                {t('action.copy')}
              </Button>
              {isAdmin && (
                <Button variant="text" startIcon={<EditIcon />} onClick={() => setChanging(true)}>
                  {t('action.change')}
                </Button>
              )}
            </Stack>
            <ShortlinkQr url={link.data.url} />
            {isAdmin && changing && (
              <ChangeCodeDialog open shopId={shopId} code={link.data.code} onClose={() => setChanging(false)} onSaved={saved} />
            )}
          </>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('explainNone')} {t('explain')}
            </Typography>
            {isAdmin ? (
              <Button variant="contained" sx={{ mt: 2 }} disabled={create.isPending} onClick={() => create.mutate(undefined)}>
                {t('action.create')}
              </Button>
            ) : (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('askAdmin')}
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Change code: the code field, checked by the domain schema; the server's 409 shows under the field. Mounted while
 * open, so it starts from the current code.
 */
function ChangeCodeDialog({
  open,
  shopId,
  code,
  onClose,
  onSaved,
}: {
  open: boolean;
  shopId: string;
  code: string;
  onClose: () => void;
  onSaved: (value: Shortlink) => void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.shortlink.${key}`);
  const api = useApi<ShortlinkApi>();
  const update = useApiMutation({
    mutationFn: ({ code: next }: { code: string }) => api.updateShortlink(shopId, next),
    success: shortlinkMessages.changed,
    onSuccess: onSaved,
  });
  // A taken code is a 409 without field errors; it belongs under the code field all the same.
  const save = (data: { code: string }) =>
    update.mutateAsync(data).catch((error: { status?: number; message?: string; body?: { message?: string } }) => {
      if (error?.status !== 409) throw error;
      throw { ...error, body: { ...error.body, errors: { code: error.body?.message ?? error.message ?? shortlinkMessages.taken } } };
    });
  const form = useSchemaForm(shortlinkInputSchema, { code }, { onClose, save });

  return (
    <FormDialog
      id="shortlink-change-title"
      title={t('action.change')}
      submitLabel={t('action.save')}
      open={open}
      saving={form.saving}
      onSubmit={form.submit}
      onClose={form.close}
    >
      <TextField
        autoFocus
        fullWidth
        name="code"
        label={t('fields.code')}
        value={form.values.code}
        onChange={(e) => form.change('code', e.target.value)}
        error={!!form.errors.code}
        helperText={form.errors.code || t('codeHelp')}
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
