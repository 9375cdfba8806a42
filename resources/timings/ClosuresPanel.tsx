import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { z } from 'zod';
import { closureInputSchema, closureServiceText, type Closure, type ClosureService } from '../../domain/closures';
import { localDate } from '../../domain/hours';
import { messages } from '../../domain/messages';
import { clockOf } from '../../domain/weekdays';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import type { TimingsApi } from './api';
import { FormDialog } from '../../src/components/FormDialog';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { useSchemaForm } from '../../src/components/forms/useSchemaForm';

type Mode = 'closed' | 'usual' | 'special';
interface ClosureForm extends Record<string, unknown> {
  date: string;
  note: string;
  pickup: Mode;
  pickupOpen: string;
  pickupDuration: number;
  delivery: Mode;
  deliveryOpen: string;
  deliveryDuration: number;
}

const serviceOf = (mode: Mode, open: string, duration: number): ClosureService =>
  mode === 'closed' ? true : mode === 'usual' ? false : { open, duration };
// The dialog's fields as the API's closure, so the schema (and its messages) are the server's own.
const formSchema = z.preprocess((v) => {
  const f = v as ClosureForm;
  return {
    date: f.date,
    note: f.note,
    pickup: serviceOf(f.pickup, f.pickupOpen, Number(f.pickupDuration)),
    delivery: serviceOf(f.delivery, f.deliveryOpen, Number(f.deliveryDuration)),
  };
}, closureInputSchema);

/** Where a field's error shows: the API's `pickup.open` belongs under the dialog's pickup open time. */
const errorFor = (errors: Record<string, string>, field: string) =>
  errors[field] || errors[field.replace(/(pickup|delivery)(Open|Duration)$/, (_, s: string, f: string) => `${s}.${f.toLowerCase()}`)] || '';

function ClosureDialog({ open, today, onClose, onSaved }: { open: boolean; today: string; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const api = useApi<TimingsApi>();
  const { shop } = useShop();
  const t = (key: string) => translate(`resources.timings.closures.${key}`);
  const create = useApiMutation({
    mutationFn: (body: z.output<typeof closureInputSchema>) => api.createClosure(shop.id, body),
    success: messages.saved,
    onSuccess: onSaved,
  });
  const initial: ClosureForm = {
    date: today,
    note: '',
    pickup: 'closed',
    pickupOpen: '10:00',
    pickupDuration: 4,
    delivery: 'closed',
    deliveryOpen: '17:00',
    deliveryDuration: 3,
  };
  const form = useSchemaForm(formSchema, initial, { save: (data) => create.mutateAsync(data), onClose });
  const { values, errors, change } = form;

  const service = (name: 'pickup' | 'delivery') => (
    <Box>
      <TextField
        select
        fullWidth
        margin="dense"
        label={t(`fields.${name}`)}
        value={values[name]}
        onChange={(e) => change(name, e.target.value as Mode)}
        error={!!errors[name]}
        helperText={errors[name] || ' '}
      >
        {(['closed', 'usual', 'special'] as const).map((m) => (
          <MenuItem key={m} value={m}>
            {t(`modes.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      {values[name] === 'special' && (
        <Stack direction="row" sx={{ gap: 1 }}>
          <TextField
            type="time"
            margin="dense"
            label={t('fields.open')}
            value={values[`${name}Open`]}
            onChange={(e) => change(`${name}Open`, e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!!errorFor(errors, `${name}Open`)}
            helperText={errorFor(errors, `${name}Open`) || ' '}
          />
          <TextField
            type="number"
            margin="dense"
            label={t('fields.duration')}
            value={values[`${name}Duration`]}
            onChange={(e) => change(`${name}Duration`, Number(e.target.value))}
            slotProps={{ htmlInput: { min: 0, max: 24, step: 0.25 } }}
            error={!!errorFor(errors, `${name}Duration`)}
            helperText={errorFor(errors, `${name}Duration`) || ' '}
          />
        </Stack>
      )}
    </Box>
  );

  return (
    <FormDialog
      id="closure-title"
      title={t('add')}
      submitLabel={t('add')}
      open={open}
      saving={form.saving}
      onSubmit={form.submit}
      onClose={form.close}
    >
      <TextField
        type="date"
        fullWidth
        margin="dense"
        label={t('fields.date')}
        value={values.date}
        onChange={(e) => change('date', e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
        error={!!errors.date}
        helperText={errors.date || ' '}
        required
      />
      <TextField
        fullWidth
        margin="dense"
        label={t('fields.note')}
        value={values.note}
        onChange={(e) => change('note', e.target.value)}
        error={!!errors.note}
        helperText={errors.note || 'Public holiday, private event, …'}
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
      {service('pickup')}
      {service('delivery')}
    </FormDialog>
  );
}

/**
 * The closures and special hours from today on, on the timings view (beyond spec 3 §2.7): they win over the weekly
 * timings for their date. ADMINs add and remove them here.
 */
export function ClosuresPanel() {
  const translate = useTranslate();
  const api = useApi<TimingsApi>();
  const queryClient = useQueryClient();
  const { shop } = useShop();
  const { can } = useShopRole();
  const t = (key: string, options?: Record<string, unknown>) => translate(`resources.timings.closures.${key}`, options);
  const today = localDate(new Date(), shop.timezone);
  const key = ['shops', shop.id, 'closures', today];
  const closures = useApiQuery({ queryKey: key, queryFn: () => api.getClosures(shop.id, today) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['shops', shop.id, 'closures'] });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Closure | null>(null);
  const remove = useApiMutation({
    mutationFn: (c: Closure) => api.deleteClosure(shop.id, c.id),
    success: messages.closureDeleted,
    onSuccess: refresh,
  });
  const dayText = (date: string) =>
    new Date(`${date}T00:00:00Z`).toLocaleDateString('en', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });

  return (
    <Card variant="outlined" sx={{ mt: 3 }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, mb: 1 }}
        >
          <Box>
            <Typography variant="h6" component="h2">
              {t('title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('help')}
            </Typography>
          </Box>
          {can('ADMIN') && (
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => setAdding(true)}
              sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, whiteSpace: 'nowrap' }}
            >
              {t('add')}
            </Button>
          )}
        </Stack>
        {closures.data && closures.data.length === 0 && (
          <Box sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
            <EventBusyIcon sx={{ fontSize: 40, opacity: 0.6 }} />
            <Typography sx={{ mt: 1 }}>{t('empty')}</Typography>
          </Box>
        )}
        {closures.data && closures.data.length > 0 && (
          <ResponsiveTable
            aria-label={t('title')}
            testId="closure-row"
            rows={closures.data}
            rowKey={(c) => c.id}
            columns={[
              {
                label: t('fields.date'),
                primary: true,
                render: (c) => (
                  <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {dayText(c.date)}
                  </Typography>
                ),
              },
              { label: t('fields.note'), render: (c) => c.note || '—' },
              { label: t('fields.pickup'), render: (c) => closureServiceText(c.pickup, clockOf) },
              { label: t('fields.delivery'), render: (c) => closureServiceText(c.delivery, clockOf) },
            ]}
            actionsLabel=""
            actions={
              can('ADMIN')
                ? (c) => (
                    <Tooltip title={t('remove', { date: c.date })}>
                      <IconButton aria-label={t('remove', { date: c.date })} onClick={() => setRemoving(c)} color="error" size="small">
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  )
                : undefined
            }
          />
        )}
      </CardContent>
      {adding && <ClosureDialog open={adding} today={today} onClose={() => setAdding(false)} onSaved={refresh} />}
      <Confirm
        isOpen={removing !== null}
        loading={remove.isPending}
        title={messages.areYouSure}
        content={removing ? t('removeConfirm', { date: removing.date }) : ''}
        confirmColor="warning"
        onConfirm={() =>
          removing &&
          remove
            .mutateAsync(removing)
            .catch(() => undefined)
            .finally(() => setRemoving(null))
        }
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
