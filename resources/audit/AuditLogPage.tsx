import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { AUDIT_KINDS, auditChangeLine, type AuditEntry } from '../../domain/audit';
import { formatDateTime, timesIn } from '../../domain/dates';
import { fromZonedInput } from '../../domain/zonedTime';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiQuery } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import type { AuditApi, AuditFilter } from './api';

/** The start of a day picked in the form, on the shop's clock. */
const dayStart = (day: string, zone: string) => (day ? (fromZonedInput(`${day}T00:00`, zone) ?? undefined) : undefined);
const nextDay = (day: string) => (day ? new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : '');

/** /shops/{shopId}/audit: the shop's audit log, filtered by who, what and when, with its CSV. ADMINs only. */
export function AuditLogPage() {
  const translate = useTranslate();
  const api = useApi<AuditApi>();
  const { shop } = useShop();
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.audit.${k}`, o);
  const [actor, setActor] = useState('');
  const [kind, setKind] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const filter: AuditFilter = {
    actor,
    kind,
    from: dayStart(fromDay, shop.timezone),
    // The last day picked is included: up to the start of the day after it.
    to: dayStart(nextDay(toDay), shop.timezone),
  };
  const entries = useApiQuery({ queryKey: ['shops', shop.id, 'audit', filter], queryFn: () => api.getAuditLog(shop.id, filter) });
  const actors = useApiQuery({ queryKey: ['shops', shop.id, 'audit-actors'], queryFn: () => api.getAuditActors(shop.id) });
  const who = (e: AuditEntry) =>
    e.actor.apiKeyId ? `${t('apiKey', { name: e.actor.apiKeyName ?? '' })} (${e.actor.name ?? ''})` : (e.actor.name ?? '');
  const kindLabel = (k: string) => {
    const [head, sub] = k.split('.');
    const base = (AUDIT_KINDS as readonly string[]).includes(head) ? t(`kinds.${head}`) : head;
    return sub ? `${base}: ${sub.replace(/_/g, ' ')}` : base;
  };

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageHeader
        inShop
        title={t('menu')}
        subtitle={t('subtitle', { shop: shop.name })}
        actions={
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void api.downloadAuditCsv(shop.id, filter)}>
            {t('csv')}
          </Button>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('fields.actor')}
          value={actor}
          onChange={(e) => setActor(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('anyone')}</MenuItem>
          {(actors.data ?? []).map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.type === 'api_key' ? t('apiKey', { name: a.name }) : a.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('fields.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('anyKind')}</MenuItem>
          {AUDIT_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          size="small"
          label={t('fields.from')}
          value={fromDay}
          onChange={(e) => setFromDay(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('fields.to')}
          value={toDay}
          onChange={(e) => setToDay(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <Card variant="outlined">
        <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {`${timesIn(shop.timezone)}. ${t('latest')}`}
          </Typography>
          {!entries.data ? (
            <Pending />
          ) : entries.data.length === 0 ? (
            <Typography color="text.secondary">{t('empty')}</Typography>
          ) : (
            <ResponsiveTable
              aria-label={t('menu')}
              rows={entries.data}
              rowKey={(e) => String(e.id)}
              testId="audit-row"
              columns={[
                { label: t('fields.at'), primary: true, render: (e) => formatDateTime(e.at, shop.timezone) },
                { label: t('fields.who'), render: who },
                {
                  label: t('fields.kind'),
                  render: (e) => `${kindLabel(e.kind)} ${t(`actions.${e.action}`)}${e.recordName ? `: ${e.recordName}` : ''}`,
                },
                {
                  label: t('fields.changes'),
                  render: (e) => (
                    <Box component="ul" sx={{ m: 0, pl: 2, overflowWrap: 'anywhere' }}>
                      {e.changes.map((c) => (
                        <li key={c.field}>{auditChangeLine(c)}</li>
                      ))}
                    </Box>
                  ),
                },
                { label: t('fields.where'), render: (e) => e.ip ?? '', showFrom: 'md' },
              ]}
            />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
