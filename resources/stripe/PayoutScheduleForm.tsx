import { z } from 'zod';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { messages } from '../../domain/messages';
import { PAYOUT_INTERVALS, WEEKDAYS, payoutScheduleSchema, type PayoutSchedule } from '../../domain/stripe';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiMutation } from '../../src/components/api';
import type { StripeApi } from './api';
import { useSchemaForm } from '../../src/components/forms/useSchemaForm';

const label = (field: string) => `resources.stripe.fields.${field}`;
const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Values = { interval: string; weekly_anchor: string; monthly_anchor: string };

/** What the form sends: only the anchor of the chosen interval (spec 1 §4: the day choice follows the interval). */
const toSchedule = (v: Values) => ({
  interval: v.interval,
  ...(v.interval === 'daily' ? { delay_days: 'minimum' } : {}),
  ...(v.interval === 'weekly' ? { weekly_anchor: v.weekly_anchor || undefined } : {}),
  ...(v.interval === 'monthly' ? { monthly_anchor: v.monthly_anchor === '' ? undefined : Number(v.monthly_anchor) } : {}),
});
const formSchema = z
  .object({ interval: z.string(), weekly_anchor: z.string(), monthly_anchor: z.string() })
  .transform((v) => toSchedule(v) as unknown)
  .pipe(payoutScheduleSchema);

/** The payout schedule (spec 2 §4): daily with the minimum delay, weekly on a weekday, monthly on day 1–31. */
export function PayoutScheduleForm({
  current,
  onSaved,
}: {
  current?: { interval?: string; weekly_anchor?: string | null; monthly_anchor?: number | null };
  onSaved: () => void;
}) {
  const api = useApi<StripeApi>();
  const translate = useTranslate();
  const { shop } = useShop();
  const save = useApiMutation({
    mutationFn: (s: PayoutSchedule) => api.stripePayoutSchedule(shop.id, s),
    success: messages.payoutScheduleUpdated,
    onSuccess: onSaved,
  });
  const initial: Values = {
    interval: current?.interval && (PAYOUT_INTERVALS as readonly string[]).includes(current.interval) ? current.interval : 'daily',
    weekly_anchor: current?.weekly_anchor ?? '',
    monthly_anchor: current?.monthly_anchor ? String(current.monthly_anchor) : '',
  };
  const form = useSchemaForm(formSchema, initial, { save: (s) => save.mutateAsync(s), onClose: () => undefined });
  const valid = payoutScheduleSchema.safeParse(toSchedule(form.values)).success;
  const common = (name: keyof Values & string) => ({
    id: `schedule-${name}`,
    label: translate(label(name)),
    value: form.values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.change(name, e.target.value),
    error: Boolean(form.errors[name]),
    helperText: form.errors[name] || ' ',
    fullWidth: true,
  });

  return (
    <form onSubmit={form.submit} noValidate aria-labelledby="schedule-form-title">
      <Typography id="schedule-form-title" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {translate('resources.stripe.account.payoutSchedule')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.stripe.schedule.help')}
      </Typography>
      <TextField {...common('interval')} select>
        {PAYOUT_INTERVALS.map((i) => (
          <MenuItem key={i} value={i}>
            {title(i)}
          </MenuItem>
        ))}
      </TextField>
      {form.values.interval === 'weekly' && (
        <TextField {...common('weekly_anchor')} select>
          {WEEKDAYS.map((d) => (
            <MenuItem key={d} value={d}>
              {title(d)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {form.values.interval === 'monthly' && (
        <TextField {...common('monthly_anchor')} type="number" slotProps={{ htmlInput: { min: 1, max: 31, step: 1 } }} />
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!valid || form.saving}>
          {form.saving ? messages.pleaseWait : 'Update Payout Schedule'}
        </Button>
      </Stack>
    </form>
  );
}
