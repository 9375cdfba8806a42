import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { z } from 'zod';
import { closureInputSchema, closureServiceText, type Closure, type ClosureService } from '../../domain/closures';
import { localDate } from '../../domain/hours';
import { messages } from '../../domain/messages';
import { clockOf, HH_MM } from '../../domain/weekdays';
import { showDay } from '../../src/components/dates';
import { closeOf, hoursBetween } from './sessionTimes';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import type { TimingsApi } from './api';
import { FormDialog } from '../../src/components/FormDialog';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { useSchemaForm } from '../../src/components/forms/useSchemaForm';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

type Mode = 'closed' | 'usual' | 'special';
interface ClosureForm extends Record<string, unknown> {
  date: string;
  note: string;
  pickup: Mode;
  pickupOpen: string;
  pickupClose: string;
  delivery: Mode;
  deliveryOpen: string;
  deliveryClose: string;
}

/** Special hours are entered as an open and a close time; the API keeps the open time and the duration. */
const serviceOf = (mode: Mode, open: string, close: string): ClosureService =>
  mode === 'closed'
    ? true
    : mode === 'usual'
      ? false
      : { open, duration: HH_MM.test(open) && HH_MM.test(close) ? hoursBetween(open, close) : (undefined as unknown as number) };

const modeOf = (service: ClosureService): Mode => (service === true ? 'closed' : service === false ? 'usual' : 'special');

/** A closure as the dialog's fields; a new one closes both services, with typical special hours ready. */
function formOf(closure: Closure | null, today: string): ClosureForm {
  const hours = (service: ClosureService | undefined, open: string, close: string) =>
    typeof service === 'object' ? { open: service.open, close: closeOf(service.open, service.duration, 24) } : { open, close };
  const pickup = hours(closure?.pickup, '10:00', '14:00');
  const delivery = hours(closure?.delivery, '17:00', '20:00');
  return {
    date: closure?.date ?? today,
    note: closure?.note ?? '',
    pickup: closure ? modeOf(closure.pickup) : 'closed',
    pickupOpen: pickup.open,
    pickupClose: pickup.close,
    delivery: closure ? modeOf(closure.delivery) : 'closed',
    deliveryOpen: delivery.open,
    deliveryClose: delivery.close,
  };
}
// The dialog's fields as the API's closure, so the schema (and its messages) are the server's own.
const formSchema = z.preprocess((v) => {
  const f = v as ClosureForm;
  return {
    date: f.date,
    note: f.note,
    pickup: serviceOf(f.pickup, f.pickupOpen, f.pickupClose),
    delivery: serviceOf(f.delivery, f.deliveryOpen, f.deliveryClose),
  };
}, closureInputSchema);

/** Where a field's error shows: the API's `pickup.open` under the pickup open time, `pickup.duration` under its close time. */
const errorFor = (errors: Record<string, string>, field: string) =>
  errors[field] ||
  errors[field.replace(/(pickup|delivery)(Open|Close)$/, (_, s: string, f: string) => `${s}.${f === 'Open' ? 'open' : 'duration'}`)] ||
  '';

/** Adds a closure, or changes `closure` when one is given. */
function ClosureDialog({
  closure,
  today,
  onClose,
  onSaved,
}: {
  closure: Closure | null;
  today: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const api = useApi<TimingsApi>();
  const { shop } = useShop();
  const t = (key: string) => translate(`resources.timings.closures.${key}`);
  const save = useApiMutation({
    mutationFn: (body: z.output<typeof closureInputSchema>) =>
      closure ? api.updateClosure(shop.id, closure.id, body) : api.createClosure(shop.id, body),
    success: messages.saved,
    successOptions: { type: 'success', anchorOrigin: { vertical: 'top', horizontal: 'center' } },
    onSuccess: onSaved,
  });
  const form = useSchemaForm(formSchema, formOf(closure, today), { save: (data) => save.mutateAsync(data), onClose });
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
            type="time"
            margin="dense"
            label={t('fields.close')}
            value={values[`${name}Close`]}
            onChange={(e) => change(`${name}Close`, e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!!errorFor(errors, `${name}Close`)}
            helperText={errorFor(errors, `${name}Close`) || ' '}
          />
        </Stack>
      )}
    </Box>
  );

  return (
    <FormDialog
      id="closure-title"
      title={closure ? t('change') : t('add')}
      submitLabel={closure ? translate('ra.action.save') : t('add')}
      open
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
 * timings for their date. ADMINs add, change and remove them here.
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
  // The closure being changed, 'new' for one being added.
  const [editing, setEditing] = useState<Closure | 'new' | null>(null);
  const [removing, setRemoving] = useState<Closure | null>(null);
  const remove = useApiMutation({
    mutationFn: (c: Closure) => api.deleteClosure(shop.id, c.id),
    success: messages.closureDeleted,
    onSuccess: refresh,
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
              onClick={() => setEditing('new')}
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
                    {showDay(c.date)}
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
                    <Stack direction="row">
                      <Tooltip title={t('changeOne', { date: showDay(c.date) })}>
                        <IconButton aria-label={t('changeOne', { date: showDay(c.date) })} onClick={() => setEditing(c)}>
                          <EditIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('remove', { date: showDay(c.date) })}>
                        <IconButton aria-label={t('remove', { date: showDay(c.date) })} onClick={() => setRemoving(c)} color="error">
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  )
                : undefined
            }
          />
        )}
      </CardContent>
      {editing && (
        <ClosureDialog
          key={editing === 'new' ? 'new' : editing.id}
          closure={editing === 'new' ? null : editing}
          today={today}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        loading={remove.isPending}
        title={messages.areYouSure}
        content={removing ? t('removeConfirm', { date: showDay(removing.date) }) : ''}
        confirm="ra.action.delete"
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
