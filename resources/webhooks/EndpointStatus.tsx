import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import type { WebhookEndpoint } from '../../domain/webhooks';
import { showDateTime } from '../../src/components/dates';

/** Enabled, failing since when, or switched off (by someone, or after three days of failures). */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.webhooks.status.${k}`, o);
  if (!endpoint.enabled)
    return <Chip size="small" variant="outlined" label={endpoint.disabledReason === 'FAILING' ? t('disabledFailing') : t('disabled')} />;
  if (endpoint.failingSince)
    return <Chip size="small" variant="outlined" color="warning" label={t('failing', { since: showDateTime(endpoint.failingSince) })} />;
  return <Chip size="small" variant="outlined" color="success" label={t('enabled')} />;
}
