import { ArrayInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { SettingsKindForm } from '../../../src/components/forms/SettingsKindForm';
import { fieldLabel } from '../fields';

/** Custom Collection Time tab (spec 3 §3 "Custom collection schedule"): shown when checkout uses CUSTOM collection times. */
export function CustomCollectionTab() {
  const translate = useTranslate();
  return (
    <SettingsKindForm kind="custom_collection">
      <Box sx={{ width: '100%', maxWidth: 640 }}>
        <TextInput
          source="title"
          label={fieldLabel('title')}
          helperText={translate('resources.settings.limits.chars', { min: 4, max: 18 })}
          fullWidth
        />
        <TextInput
          source="subtitle"
          label={fieldLabel('subtitle')}
          helperText={translate('resources.settings.limits.optionalChars', { min: 4, max: 60 })}
          fullWidth
        />
        <ArrayInput source="list" label={fieldLabel('list')} helperText={false}>
          <SimpleFormIterator inline disableReordering>
            <TextInput
              source=""
              label={fieldLabel('entry')}
              helperText={translate('resources.settings.limits.chars', { min: 3, max: 24 })}
            />
          </SimpleFormIterator>
        </ArrayInput>
      </Box>
    </SettingsKindForm>
  );
}
