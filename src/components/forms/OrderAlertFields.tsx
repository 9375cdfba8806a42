import { BooleanInput, NumberInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box } from '@mui/material';

const label = (field: string) => `servery.orderAlerts.${field}`;

/**
 * The alert fields of the `order` settings document: who is mailed about new and unanswered orders, after how long,
 * and the escalation that follows. One set of inputs, shown by the Order Settings tab and the alerts page, both
 * inside a SettingsKindForm of kind `order`, so the two pages cannot disagree.
 */
export function OrderAlertFields() {
  const monitor = useWatch({ name: 'hasUnprocessedOrderMonitor' }) as boolean;
  const autoReject = useWatch({ name: 'autoRejectUnprocessed' }) as boolean;
  const autoPause = useWatch({ name: 'autoPauseUnanswered' }) as boolean;
  return (
    <Box sx={{ width: '100%' }}>
      <BooleanInput
        source="hasUnprocessedOrderMonitor"
        label={label('hasUnprocessedOrderMonitor')}
        helperText={label('unprocessedOrderMonitorHelp')}
      />
      {monitor && (
        <Box
          sx={{
            pl: { xs: 1, sm: 2 },
            borderLeft: 2,
            borderColor: 'divider',
            mb: 2,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-start',
          }}
        >
          <NumberInput
            source="unprocessedOrderAlertMinutes"
            label={label('unprocessedOrderAlertMinutes')}
            helperText={label('unprocessedOrderAlertMinutesHelp')}
            min={1}
            max={120}
            step={1}
            fullWidth={false}
          />
          <BooleanInput source="unprocessedOrderSecondAlert" label={label('unprocessedOrderSecondAlert')} helperText={false} />
          <BooleanInput
            source="autoRejectUnprocessed"
            label={label('autoRejectUnprocessed')}
            helperText={label('autoRejectUnprocessedHelp')}
          />
          {autoReject && (
            <NumberInput
              source="autoRejectAfterMinutes"
              label={label('autoRejectAfterMinutes')}
              helperText={label('autoRejectAfterMinutesHelp')}
              min={2}
              max={240}
              step={1}
              fullWidth={false}
            />
          )}
        </Box>
      )}
      <BooleanInput source="autoPauseUnanswered" label={label('autoPauseUnanswered')} helperText={label('autoPauseUnansweredHelp')} />
      {autoPause && (
        <NumberInput
          source="autoPauseAfterOrders"
          label={label('autoPauseAfterOrders')}
          helperText={label('autoPauseAfterOrdersHelp')}
          min={1}
          max={20}
          step={1}
          fullWidth={false}
        />
      )}
      <TextInput
        source="newOrderAlertEmailsCsv"
        label={label('newOrderAlertEmailsCsv')}
        helperText={label('emailsHelp')}
        multiline
        fullWidth
      />
      <TextInput
        source="unprocessedOrderAlertEmailsCsv"
        label={label('unprocessedOrderAlertEmailsCsv')}
        helperText={label('emailsHelp')}
        multiline
        fullWidth
      />
    </Box>
  );
}
