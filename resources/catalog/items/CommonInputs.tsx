import { BooleanInput, CheckboxGroupInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { DOWS } from '../../../domain/catalog/availability';
import { IMAGE_ASPECT_LABELS } from '../../../domain/constants';
import { ImageInput } from '../../../src/components/ImageInput';
import { EDITOR_ASPECTS } from './itemForm';

const f = (field: string) => `resources.catalog.items.fields.${field}`;
const DAY_NAMES: Record<string, string> = { MON: 'Mon', TUE: 'Tue', WED: 'Wed', THU: 'Thu', FRI: 'Fri', SAT: 'Sat', SUN: 'Sun' };
const aspectChoices = EDITOR_ASPECTS.map((id) => ({ id, name: IMAGE_ASPECT_LABELS[id] }));

/** Name, description, price, image, the 'No Discount' flag, and when the item is offered: every type has them. */
export function CommonInputs({
  descriptionMax,
  nameHint,
  price = true,
  descriptionRequired = false,
}: {
  descriptionMax: number;
  nameHint: string;
  price?: boolean;
  descriptionRequired?: boolean;
}) {
  const aspect = useWatch({ name: 'imageAspect' });
  const limited = useWatch({ name: 'timeOfDayApplicable' }) as { from: string; to: string } | null;
  const { setValue } = useFormContext();
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <TextInput source="name" label={f('name')} helperText={nameHint} fullWidth />
      <TextInput
        source="description"
        label={f('description')}
        helperText={`${descriptionRequired ? 'Required, up' : 'Up'} to ${descriptionMax} characters`}
        multiline
        minRows={2}
        fullWidth
      />
      {price && <NumberInput source="price" label={f('price')} min={0} step={0.1} helperText="In currency units, e.g. 4.50" />}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
        <SelectInput source="imageAspect" label={f('imageAspect')} choices={aspectChoices} sx={{ minWidth: 160 }} />
        <ImageInput key={aspect} source="imageUpload" label={f('image')} aspect={aspect ?? 'SQUARE'} />
      </Stack>
      <BooleanInput source="discounted" label={f('discounted')} helperText="Coupons do not apply to this item." />
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        When it is offered
      </Typography>
      <CheckboxGroupInput
        source="dows"
        label={f('dows')}
        choices={DOWS.map((id) => ({ id, name: DAY_NAMES[id] }))}
        helperText="No day ticked: every day"
      />
      <FormControlLabel
        control={
          <Switch
            checked={!!limited}
            onChange={(e) =>
              setValue('timeOfDayApplicable', e.target.checked ? { from: '07:00', to: '11:00' } : null, {
                shouldValidate: true,
                shouldDirty: true,
              })
            }
          />
        }
        label={translate(f('timeOfDayApplicable'))}
      />
      {limited && (
        <Stack direction="row" sx={{ gap: 2 }}>
          <TextInput source="timeOfDayApplicable.from" label={f('from')} type="time" helperText="Shop time" />
          <TextInput source="timeOfDayApplicable.to" label={f('to')} type="time" helperText="Until (not included)" />
        </Stack>
      )}
    </Box>
  );
}
