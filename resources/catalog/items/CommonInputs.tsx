import { BooleanInput, CheckboxGroupInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { DOWS } from '../../../domain/catalog/availability';
import { IMAGE_ASPECT_LABELS } from '../../../domain/constants';
import { ImageInput } from '../../../src/components/ImageInput';
import { EDITOR_ASPECTS } from './itemForm';
import { MoneyInput } from '../../../src/components/MoneyInput';

const f = (field: string) => `resources.catalog.items.fields.${field}`;
const hint = (field: string) => `resources.catalog.items.hints.${field}`;
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
        helperText={translate(hint(descriptionRequired ? 'descriptionRequired' : 'description'), { max: descriptionMax })}
        multiline
        minRows={2}
        fullWidth
      />
      {price && <MoneyInput source="price" label={f('price')} min={0} step={0.1} helperText={translate(hint('price'))} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
        <SelectInput source="imageAspect" label={f('imageAspect')} choices={aspectChoices} sx={{ minWidth: 160 }} />
        <ImageInput key={aspect} source="imageUpload" label={f('image')} aspect={aspect ?? 'SQUARE'} />
      </Stack>
      <BooleanInput source="discounted" label={f('discounted')} helperText={translate(hint('discounted'))} />
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        {translate('resources.catalog.items.sections.offered')}
      </Typography>
      <CheckboxGroupInput
        source="dows"
        label={f('dows')}
        choices={DOWS.map((id) => ({ id, name: translate(`resources.catalog.items.days.${id}`) }))}
        helperText={translate(hint('dows'))}
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
          <TextInput source="timeOfDayApplicable.from" label={f('from')} type="time" helperText={translate(hint('from'))} />
          <TextInput source="timeOfDayApplicable.to" label={f('to')} type="time" helperText={translate(hint('to'))} />
        </Stack>
      )}
    </Box>
  );
}
