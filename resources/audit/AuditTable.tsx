import { useTranslate } from 'react-admin';
import { Box, Pagination, Typography } from '@mui/material';
import { AUDIT_KINDS, auditChangeLine, type AuditEntry } from '../../domain/audit';
import { formatDateTime, timesIn } from '../../domain/dates';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';

export const AUDIT_PER_PAGE = 25;

/**
 * A page of entries, newest first: when (on `timeZone`'s clock), who, what (the kind, the record's name) and each
 * change "Price: 3.00 → 3.50 AUD", with paging under it. `showShop` adds which shop (the platform's log).
 */
export function AuditTable({
  entries,
  total,
  page,
  onPage,
  timeZone,
  showShop = false,
}: {
  entries: AuditEntry[] | undefined;
  total: number | undefined;
  page: number;
  onPage: (page: number) => void;
  timeZone: string;
  showShop?: boolean;
}) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.audit.${k}`, o);
  const who = (e: AuditEntry) =>
    e.actor.apiKeyId ? `${t('apiKey', { name: e.actor.apiKeyName ?? '' })} (${e.actor.name ?? ''})` : (e.actor.name ?? '');
  const kindLabel = (k: string) => {
    const [head, sub] = k.split('.');
    const base = (AUDIT_KINDS as readonly string[]).includes(head!) ? t(`kinds.${head}`) : head;
    return sub ? `${base}: ${sub.replace(/_/g, ' ')}` : base;
  };
  const what = (e: AuditEntry) => `${kindLabel(e.kind)} ${t(`actions.${e.action}`)}${e.recordName ? `: ${e.recordName}` : ''}`;
  const pages = Math.ceil((total ?? 0) / AUDIT_PER_PAGE);

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {`${timesIn(timeZone)}.`}
      </Typography>
      {!entries ? (
        <Pending />
      ) : entries.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <ResponsiveTable
          aria-label={t('menu')}
          rows={entries}
          rowKey={(e) => String(e.id)}
          testId="audit-row"
          columns={[
            { label: t('fields.at'), primary: true, render: (e) => formatDateTime(e.at, timeZone) },
            ...(showShop ? [{ label: t('fields.shop'), render: (e: AuditEntry) => e.shopName ?? t('platformOwn') }] : []),
            { label: t('fields.who'), render: who },
            { label: t('fields.kind'), render: what },
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
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={pages}
          page={page}
          onChange={(_, p) => onPage(p)}
          getItemAriaLabel={(type, p) => (type === 'page' ? t('page', { page: p }) : t(`pageNav.${type}`))}
        />
      )}
    </>
  );
}
