import { BooleanInput, NumberInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, Card, Stack, Typography } from '@mui/material';
import { MEALS } from '../../../domain/booking';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../../../domain/weekdays';
import { SettingsKindForm } from '../../../src/components/forms/SettingsKindForm';
import { TimeField } from '../../../src/components/forms/TimeField';
import { fieldLabel, Group, Switch } from '../fields';

/** A number input of a session: as wide as its column. */
const sessionNumber = { helperText: false, fullWidth: true, sx: { m: 0 } } as const;

/** One weekday's breakfast, lunch and dinner: each on or off, its opening time, duration and optional capacity. */
function DayCard({ day }: { day: Weekday }) {
  const translate = useTranslate();
  const headingId = `booking-day-${day}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }} data-testid="booking-day">
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {WEEKDAY_LABELS[day]}
      </Typography>
      {MEALS.map((meal) => {
        const mealLabel = translate(fieldLabel(meal));
        return (
          <Box
            key={meal}
            role="group"
            aria-label={translate('resources.settings.dayMeal', { day: WEEKDAY_LABELS[day], meal: mealLabel })}
            sx={{ pt: 1, mt: 1, borderTop: 1, borderColor: 'divider' }}
          >
            <BooleanInput source={`${day}.${meal}.on`} label={mealLabel} helperText={false} sx={{ m: 0 }} />
            {/* Three columns where they fit (a tablet), two on a phone: every input keeps its full width. */}
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: 'repeat(auto-fit, minmax(125px, 1fr))',
                '& .MuiFormControl-root': { width: '100%', m: 0 },
              }}
            >
              <TimeField source={`${day}.${meal}.open`} label={fieldLabel('open')} />
              <NumberInput
                source={`${day}.${meal}.duration`}
                label={fieldLabel('duration')}
                min={0}
                max={24}
                step={0.25}
                {...sessionNumber}
              />
              <NumberInput source={`${day}.${meal}.capacity`} label={fieldLabel('capacity')} min={1} step={1} {...sessionNumber} />
            </Box>
          </Box>
        );
      })}
    </Card>
  );
}

/** The seven weekdays as cards: one column on phones and tablets, two on wide screens, never a sideways scroll. */
function Sessions() {
  const translate = useTranslate();
  return (
    <Stack sx={{ width: '100%', gap: 1 }}>
      <Typography variant="subtitle2" component="h2">
        {translate(fieldLabel('sessions'))}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.settings.help.sessions')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' } }}>
        {WEEKDAYS.map((day) => (
          <DayCard key={day} day={day} />
        ))}
      </Box>
    </Stack>
  );
}

function BookingFields() {
  const on = useWatch({ name: 'on' }) as boolean;
  return (
    <Box sx={{ width: '100%' }}>
      <Switch source="on" />
      {on && (
        <Group>
          <Switch source="showLinkOnMenuPage" />
          <Switch source="showLinkOnPostsPage" />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { sm: 2 } }}>
            <NumberInput source="minPax" label={fieldLabel('minPax')} min={1} step={1} helperText={false} />
            <NumberInput source="maxPax" label={fieldLabel('maxPax')} min={1} step={1} helperText={false} />
            <NumberInput source="numDaysInAdvance" label={fieldLabel('numDaysInAdvance')} min={1} max={365} step={1} helperText={false} />
          </Box>
          <Sessions />
        </Group>
      )}
    </Box>
  );
}

/** Table Booking tab (spec 3 §3 "Booking config", defaults spec 2 §3), with each session's optional capacity. */
export function BookingTab() {
  return (
    <SettingsKindForm kind="booking">
      <BookingFields />
    </SettingsKindForm>
  );
}
