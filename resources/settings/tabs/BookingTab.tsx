import { NumberInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { MEALS } from '../../../domain/booking';
import { WEEKDAY_LABELS, WEEKDAYS } from '../../../domain/weekdays';
import { SettingsKindForm } from '../../../src/components/forms/SettingsKindForm';
import { TimeField } from '../../../src/components/forms/TimeField';
import { fieldLabel, Group, Switch } from '../fields';
import { BooleanInput } from 'react-admin';

function MealsGrid() {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ width: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('resources.settings.fields.sessions')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.settings.fields.day')}</TableCell>
            {MEALS.map((meal) => (
              <TableCell key={meal}>{translate(`resources.settings.fields.${meal}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {WEEKDAYS.map((day) => (
            <TableRow key={day}>
              <TableCell component="th" scope="row">
                {WEEKDAY_LABELS[day]}
              </TableCell>
              {MEALS.map((meal) => {
                const name = `${WEEKDAY_LABELS[day]} ${translate(`resources.settings.fields.${meal}`)}`;
                return (
                  <TableCell key={meal} sx={{ minWidth: 250 }}>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      <BooleanInput
                        source={`${day}.${meal}.on`}
                        label={false}
                        helperText={false}
                        options={{ inputProps: { 'aria-label': `${name} on` } }}
                        sx={{ m: 0 }}
                      />
                      <TimeField source={`${day}.${meal}.open`} label="resources.settings.fields.open" />
                      <NumberInput
                        source={`${day}.${meal}.duration`}
                        label="resources.settings.fields.duration"
                        helperText={false}
                        min={0}
                        max={24}
                        step={0.25}
                        fullWidth={false}
                        sx={{ width: 90 }}
                      />
                    </Box>
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
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
          <MealsGrid />
        </Group>
      )}
    </Box>
  );
}

/** Table Booking tab (spec 3 §3 "Booking config", defaults spec 2 §3). */
export function BookingTab() {
  return (
    <SettingsKindForm kind="booking">
      <BookingFields />
    </SettingsKindForm>
  );
}
