import { BooleanInput, NumberInput, TextInput, useWrappedSource, useTranslate } from 'react-admin';
import { Box, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { ATTRIBUTE_NAME_MAX } from '../../../domain/catalog/item';
import { ListEditor } from '../../../src/components/forms/ListEditor';
import { MoneyInput } from '../../../src/components/MoneyInput';

const f = (field: string) => `resources.catalog.items.fields.${field}`;

/** Min and max, shown only for an attribute that allows several values. */
function Limits() {
  const translate = useTranslate();
  const multiple = useWatch({ name: useWrappedSource('multiple') }) as boolean | undefined;
  if (!multiple) return null;
  return (
    <Stack direction="row" sx={{ gap: 2 }}>
      <NumberInput
        source="min"
        label={f('min')}
        min={0}
        step={1}
        helperText={translate('resources.catalog.items.hints.min')}
        parse={(v) => (v === '' || v === null ? null : Number(v))}
      />
      <NumberInput
        source="max"
        label={f('max')}
        min={1}
        step={1}
        helperText={translate('resources.catalog.items.hints.max')}
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
    <Box component="section" aria-label={translate('resources.catalog.items.sections.attributes')} sx={{ width: '100%', maxWidth: 720 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        {translate('resources.catalog.items.sections.attributes')}
      </Typography>
      <ListEditor source={source} rowName="attribute" listName="attributes">
        <TextInput
          source="name"
          label={f('attributeName')}
          helperText={translate('resources.catalog.items.hints.attributeName', { max: ATTRIBUTE_NAME_MAX })}
        />
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          <BooleanInput source="multiple" label={f('multiple')} defaultValue={false} />
          <BooleanInput source="optional" label={f('optional')} defaultValue={false} />
        </Stack>
        <Limits />
        <ListEditor source="values" label={f('values')} rowName="value" listName="values" inline>
          <TextInput source="name" label={f('valueName')} helperText={false} />
          <MoneyInput source="extraCharge" label={f('extraCharge')} step={0.1} defaultValue={0} helperText={false} />
        </ListEditor>
      </ListEditor>
    </Box>
  );
}
