import { ArrayInput, BooleanInput, NumberInput, SimpleFormIterator, TextInput, useWrappedSource, useTranslate } from 'react-admin';
import { Box, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { ATTRIBUTE_NAME_MAX } from '../../domain/catalog/item';

const f = (field: string) => `resources.items.fields.${field}`;

/** Min and max, shown only for an attribute that allows several values. */
function Limits() {
  const multiple = useWatch({ name: useWrappedSource('multiple') }) as boolean | undefined;
  if (!multiple) return null;
  return (
    <Stack direction="row" sx={{ gap: 2 }}>
      <NumberInput
        source="min"
        label={f('min')}
        min={0}
        step={1}
        helperText="Fewest values to pick"
        parse={(v) => (v === '' || v === null ? null : Number(v))}
      />
      <NumberInput
        source="max"
        label={f('max')}
        min={1}
        step={1}
        helperText="Most values to pick"
        parse={(v) => (v === '' || v === null ? null : Number(v))}
      />
    </Stack>
  );
}

/**
 * An item's attributes (spec 2 §3, §5): name, multiple, optional, values with their extra charge, and, beyond the
 * spec, how many values a customer must and may pick when several are allowed.
 */
export function AttributesInput({ source = 'attributes' }: { source?: string }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate('resources.items.sections.attributes')} sx={{ width: '100%', maxWidth: 720 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        {translate('resources.items.sections.attributes')}
      </Typography>
      <ArrayInput source={source} label={false}>
        <SimpleFormIterator
          disableReordering
          getItemLabel={(i) => `#${i + 1}`}
          sx={{ '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', pb: 1 } }}
        >
          <TextInput source="name" label={f('attributeName')} helperText={`1 to ${ATTRIBUTE_NAME_MAX} characters, unique in the item`} />
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <BooleanInput source="multiple" label={f('multiple')} defaultValue={false} />
            <BooleanInput source="optional" label={f('optional')} defaultValue={false} />
          </Stack>
          <Limits />
          <ArrayInput source="values" label={f('values')}>
            <SimpleFormIterator inline disableReordering>
              <TextInput source="name" label={f('valueName')} helperText={false} />
              <NumberInput source="extraCharge" label={f('extraCharge')} step={0.1} defaultValue={0} helperText={false} />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}
