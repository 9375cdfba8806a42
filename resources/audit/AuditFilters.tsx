import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, MenuItem, TextField } from '@mui/material';
import { AUDIT_KINDS, type AuditActor } from '../../domain/audit';
import { fromZonedInput } from '../../domain/zonedTime';
import type { AuditFilter } from './api';

/** The start of a day picked in the form, on the given clock. */
const dayStart = (day: string, zone: string) => (day ? (fromZonedInput(`${day}T00:00`, zone) ?? undefined) : undefined);
const nextDay = (day: string) => (day ? new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : '');

/** Side by side from a tablet up; one under another on a phone. */
export const FIELD = { width: { xs: '100%', sm: 200 } };

/**
 * Who, what and which days (on `timeZone`'s clock, the last day included), for both logs. Reports the filter the
 * API takes on every change; `children` adds fields of the page's own (the platform's shop).
 */
export function AuditFilters({
  actors,
  timeZone,
  onChange,
  children,
}: {
  actors: AuditActor[];
  timeZone: string;
  onChange: (filter: AuditFilter) => void;
  children?: React.ReactNode;
}) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.audit.${k}`, o);
  const [form, setForm] = useState({ actor: '', kind: '', fromDay: '', toDay: '' });
  const set = (patch: Partial<typeof form>) => {
    const next = { ...form, ...patch };
    setForm(next);
    onChange({
      actor: next.actor,
      kind: next.kind,
      from: dayStart(next.fromDay, timeZone),
      to: dayStart(nextDay(next.toDay), timeZone),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
      {children}
      <TextField
        select
        size="small"
        label={t('fields.actor')}
        value={form.actor}
        onChange={(e) => set({ actor: e.target.value })}
        sx={FIELD}
      >
        <MenuItem value="">{t('anyone')}</MenuItem>
        {actors.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.type === 'api_key' ? t('apiKey', { name: a.name }) : a.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={t('fields.kind')} value={form.kind} onChange={(e) => set({ kind: e.target.value })} sx={FIELD}>
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
        value={form.fromDay}
        onChange={(e) => set({ fromDay: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={FIELD}
      />
      <TextField
        type="date"
        size="small"
        label={t('fields.to')}
        value={form.toDay}
        onChange={(e) => set({ toDay: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={FIELD}
      />
    </Box>
  );
}
