import { ArrayInput, SimpleFormIterator, TextInput } from 'react-admin';
import { Box } from '@mui/material';
import { SettingsKindForm } from '../../../src/components/forms/SettingsKindForm';
import { fieldLabel } from '../fields';

/** Custom Collection Time tab (spec 3 §3 "Custom collection schedule"): shown when checkout uses CUSTOM collection times. */
export function CustomCollectionTab() {
  return (
    <SettingsKindForm kind="custom_collection">
      <Box sx={{ width: '100%', maxWidth: 640 }}>
        <TextInput source="title" label={fieldLabel('title')} helperText="4 to 18 characters" fullWidth />
        <TextInput source="subtitle" label={fieldLabel('subtitle')} helperText="Optional, 4 to 60 characters" fullWidth />
        <ArrayInput source="list" label={fieldLabel('list')} helperText={false}>
          <SimpleFormIterator inline disableReordering>
            <TextInput source="" label={fieldLabel('entry')} helperText="3 to 24 characters" />
          </SimpleFormIterator>
        </ArrayInput>
      </Box>
    </SettingsKindForm>
  );
}
