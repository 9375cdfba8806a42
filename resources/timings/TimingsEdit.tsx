import { BooleanInput, useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Box, Card, CardContent, TextField, Typography } from '@mui/material';
import { HH_MM, minutesOf, WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../../domain/weekdays';
import { MAX_SESSION_HOURS, SESSION_KEYS, type SessionKey } from '../../domain/timings';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { PageHeader } from '../../src/components/PageHeader';
import { TimesIn } from '../../src/components/TimesIn';
import { SettingsKindForm } from '../../src/components/forms/SettingsKindForm';
import { durationText, hhmm, hoursBetween } from './sessionTimes';

/**
 * Open and Close as the owner thinks of them; the stored duration follows. Changing Open keeps Close where it was
 * (the duration changes); a Close earlier than Open ends the next day.
 */
function SessionTimes({ source, name }: { source: string; name: string }) {
  const translate = useTranslate();
  const open = useController({ name: `${source}.open` });
  const duration = useController({ name: `${source}.duration` });
  const openValue = open.field.value as string;
  const hours = duration.field.value as number;
  const valid =
    typeof openValue === 'string' && HH_MM.test(openValue) && typeof hours === 'number' && hours >= 0 && hours <= MAX_SESSION_HOURS;
  const closeAt = valid ? minutesOf(openValue) + Math.round(hours * 60) : null;
  const close = closeAt === null ? '' : hhmm(closeAt);
  const openError = open.fieldState.error?.message;
  const durationError = duration.fieldState.error?.message;
  return (
    <>
      <TextField
        type="time"
        label={translate('resources.timings.fields.open')}
        value={openValue ?? ''}
        onChange={(e) => {
          const next = e.target.value;
          open.field.onChange(next);
          if (HH_MM.test(next) && close) duration.field.onChange(hoursBetween(next, close));
        }}
        onBlur={open.field.onBlur}
        error={!!openError}
        helperText={openError || false}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300, 'aria-label': `${name} open` } }}
        sx={{ width: 140 }}
      />
      <TextField
        type="time"
        label={translate('resources.timings.fields.close')}
        value={close}
        onChange={(e) =>
          HH_MM.test(openValue) && HH_MM.test(e.target.value) && duration.field.onChange(hoursBetween(openValue, e.target.value))
        }
        onBlur={duration.field.onBlur}
        error={!!durationError}
        helperText={durationError || false}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300, 'aria-label': `${name} close` } }}
        sx={{ width: 140 }}
      />
      <Typography variant="body2" color="text.secondary" data-testid={`${source}-duration`} aria-live="polite" sx={{ minWidth: 110 }}>
        {valid ? durationText(hours) : '—'}
        {closeAt !== null && closeAt > 24 * 60 && ` (${translate('resources.timings.nextDay')})`}
      </Typography>
    </>
  );
}

function SessionRow({ day, session }: { day: Weekday; session: SessionKey }) {
  const translate = useTranslate();
  const source = `${day}.${session}`;
  const name = `${WEEKDAY_LABELS[day]} ${translate(`resources.timings.rows.${session}`)}`;
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, py: 0.5, borderTop: 1, borderColor: 'divider' }}
      role="group"
      aria-label={name}
    >
      <Typography variant="body2" sx={{ width: { xs: '100%', sm: 170 }, fontWeight: 500 }}>
        {translate(`resources.timings.rows.${session}`)}
      </Typography>
      <BooleanInput
        source={`${source}.available`}
        label="resources.timings.fields.available"
        helperText={false}
        options={{ inputProps: { 'aria-label': `${name} available` } }}
        sx={{ m: 0, minWidth: 130 }}
      />
      <SessionTimes source={source} name={name} />
    </Box>
  );
}

function TimingsFields() {
  const { shop } = useShop();
  return (
    <Box sx={{ width: '100%' }}>
      {WEEKDAYS.map((day) => (
        <Card key={day} variant="outlined" sx={{ mb: 2 }}>
          <CardContent sx={{ pb: '12px !important' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {WEEKDAY_LABELS[day]}
            </Typography>
            {SESSION_KEYS.map((session) => (
              <SessionRow key={session} day={day} session={session} />
            ))}
          </CardContent>
        </Card>
      ))}
      <TimesIn zone={shop.timezone} />
    </Box>
  );
}

/** /shops/{shopId}/timings/edit (spec 3 §2.7): per day four sessions, each an open and a close time; saving returns to the view. */
export function TimingsEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { shop } = useShop();
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1000 }}>
      <PageHeader inShop title={translate('resources.timings.edit')} />
      <SettingsKindForm
        kind="timings"
        // The view opens at its top (Save is at the editor's foot), with 'Saved' above the table rather than over it.
        onSaved={() => navigate(shopUrl(shop.id, 'timings', 'view'), { state: { _scrollToTop: true } })}
        // At the top, so 'Saved' does not sit over the timings the owner is checking.
        savedToast={{ anchorOrigin: { vertical: 'top', horizontal: 'center' } }}
      >
        <TimingsFields />
      </SettingsKindForm>
    </Box>
  );
}
