import { Box, Button, Card, CardContent, LinearProgress, List, ListItem, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Link } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { Setup, SetupStep } from '../../domain/setup';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import { shopUrl } from '../../src/contracts/urls';
import type { ShopsApi } from './api';

/** Where each step is done, in the shop. */
const STEP_PAGE: Record<Exclude<SetupStep, 'share'>, string> = {
  items: 'items',
  menu: 'menu',
  hours: 'timings',
  payments: 'payments/stripe',
  review: 'edit',
};

/** Comfortable to tap on touch screens (44 px). */
const touchSized = { minHeight: 44 };

/**
 * The set-up checklist on a shop's overview, for its admins: what the server reads from the shop's data, each step
 * linking to its page. Sharing is ticked when the owner copies or opens the ordering page's link here. Gone once every
 * step is done.
 */
export function SetupChecklist({ shopId }: { shopId: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.shops.setup.${key}`, options);
  const api = useApi<ShopsApi>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['shopSetup', shopId];
  const setup = useApiQuery<Setup>({ queryKey: key, queryFn: () => api.shopSetup(shopId) });
  const shared = useApiMutation({
    mutationFn: () => api.setupShared(shopId),
    success: null,
    onSuccess: (value: Setup) => queryClient.setQueryData(key, value),
  });
  if (!setup.data || setup.data.complete) return null;

  const steps = setup.data.steps;
  const done = steps.filter((s) => s.done).length;
  const orderingPage = new URL(`/order/${encodeURIComponent(shopId)}`, window.location.origin).href;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(orderingPage);
      notify(t('copied'), { type: 'success' });
      shared.mutate(undefined);
    } catch {
      notify(t('copyFailed'), { type: 'warning' });
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="setup-title" data-testid="setup-checklist" sx={{ mb: 2 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="setup-title" variant="h6" component="h2">
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" id="setup-progress">
          {t('progress', { done, total: steps.length })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(done / steps.length) * 100}
          aria-labelledby="setup-progress"
          sx={{ mt: 1, mb: 1, height: 6, borderRadius: 3 }}
        />
        <List disablePadding>
          {steps.map((step) => (
            <ListItem
              key={step.key}
              disableGutters
              data-testid={`setup-${step.key}`}
              data-done={step.done}
              sx={{ gap: 1.5, flexWrap: 'wrap', borderTop: 1, borderColor: 'divider', py: 1 }}
            >
              {step.done ? (
                <CheckCircleIcon color="success" titleAccess={t('done')} />
              ) : (
                <RadioButtonUncheckedIcon color="action" titleAccess={t('toDo')} />
              )}
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography
                  variant="body1"
                  sx={{ color: step.done ? 'text.secondary' : 'text.primary', textDecoration: step.done ? 'line-through' : 'none' }}
                >
                  {t(`steps.${step.key}`)}
                </Typography>
              </Box>
              {step.key === 'share' ? (
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <Button variant="outlined" size="small" startIcon={<ContentCopyIcon />} sx={touchSized} onClick={() => void copy()}>
                    {t('copy')}
                  </Button>
                  <Button
                    variant="text"
                    size="small"
                    startIcon={<OpenInNewIcon />}
                    sx={touchSized}
                    href={orderingPage}
                    target="_blank"
                    rel="noopener"
                    onClick={() => shared.mutate(undefined)}
                  >
                    {t('openPage')}
                  </Button>
                </Stack>
              ) : (
                <Button
                  variant={step.done ? 'text' : 'outlined'}
                  size="small"
                  sx={touchSized}
                  component={Link}
                  to={shopUrl(shopId, STEP_PAGE[step.key])}
                >
                  {t(`open.${step.key}`)}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
