import { SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box } from '@mui/material';
import { SettingsKindForm } from '../../../src/components/forms/SettingsKindForm';
import { OrderAlertFields } from '../../../src/components/forms/OrderAlertFields';
import { fieldLabel, Group, Switch } from '../fields';

const etaChoices = [{ id: 'RESTAURANT', name: 'resources.settings.choices.etaType.RESTAURANT' }];

function OrderFields() {
  const hasEta = useWatch({ name: 'hasEta' }) as boolean;
  return (
    <Box sx={{ width: '100%' }}>
      <Switch source="hasEta" />
      {hasEta && (
        <Group>
          <SelectInput source="etaType" label={fieldLabel('etaType')} choices={etaChoices} helperText={false} sx={{ minWidth: 240 }} />
        </Group>
      )}
      <OrderAlertFields />
    </Box>
  );
}

/** Order Settings tab (spec 3 §3 "Order process config"). */
export function OrderTab() {
  return (
    <SettingsKindForm kind="order">
      <OrderFields />
    </SettingsKindForm>
  );
}
