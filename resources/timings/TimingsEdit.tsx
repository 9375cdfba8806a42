import { BooleanInput, NumberInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { HH_MM, clockOf, minutesOf, WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../../domain/weekdays';
import { MAX_SESSION_HOURS, SESSION_KEYS, type SessionKey } from '../../domain/timings';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { PageHeader } from '../../src/components/PageHeader';
import { TimesIn } from '../../src/components/TimesIn';
import { SettingsKindForm } from '../../src/components/forms/SettingsKindForm';
import { TimeField } from '../../src/components/forms/TimeField';

/** The computed Close of a row: open + duration, marked when it falls on the next day. */
function CloseTime({ source }: { source: string }) {
  const translate = useTranslate();
  const [open, duration] = useWatch({ name: [`${source}.open`, `${source}.duration`] }) as [string, number];
  const valid =
    typeof open === 'string' && HH_MM.test(open) && typeof duration === 'number' && duration >= 0 && duration <= MAX_SESSION_HOURS;
  const close = valid ? minutesOf(open) + Math.round(duration * 60) : null;
  return (
    <Box sx={{ minWidth: 120 }} aria-live="polite">
      <Typography variant="caption" color="text.secondary" component="div">
        {translate('resources.timings.fields.close')}
      </Typography>
      <Typography variant="body2" data-testid={`${source}-close`}>
        {close === null ? '—' : clockOf(close)}
        {close !== null && close > 24 * 60 && ` (${translate('resources.timings.nextDay')})`}
      </Typography>
    </Box>
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
      <TimeField source={`${source}.open`} label="resources.timings.fields.open" />
      <NumberInput
        source={`${source}.duration`}
        label="resources.timings.fields.duration"
        helperText={false}
        min={0}
        max={MAX_SESSION_HOURS}
        step={0.25}
        fullWidth={false}
        sx={{ width: 110 }}
      />
      <CloseTime source={source} />
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

/** /shops/{shopId}/timings/edit (spec 3 §2.7): per day four sessions; saving returns to the view. */
export function TimingsEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { shop } = useShop();
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1000 }}>
      <PageHeader inShop title={translate('resources.timings.edit')} />
      <SettingsKindForm kind="timings" onSaved={() => navigate(shopUrl(shop.id, 'timings', 'view'))}>
        <TimingsFields />
      </SettingsKindForm>
    </Box>
  );
}
