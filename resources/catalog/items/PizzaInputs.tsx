import { BooleanInput, TextInput, useTranslate } from 'react-admin';
import { Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { PIZZA_DESCRIPTION_MAX, TOPPING_NAME_MAX } from '../../../domain/catalog/item';
import type { PizzaSettings } from '../../../domain/catalog/pizzaSettings';
import { CommonInputs } from './CommonInputs';
import { AttributesInput } from './AttributesInput';
import { ListEditor } from '../../../src/components/forms/ListEditor';
import { MoneyInput } from '../../../src/components/MoneyInput';

const f = (field: string) => `resources.catalog.items.fields.${field}`;

/** One row per size of the settings: offered or not, its price and whether it can be half and half. */
function SizeRow({ name }: { name: string }) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const offered = useWatch({ name: `sizes.${name}` }) !== undefined;
  const toggle = (on: boolean) => {
    const sizes = { ...(getValues('sizes') as Record<string, unknown>) };
    if (on) sizes[name] = { price: 0, hasHalfAndHalf: false };
    else delete sizes[name];
    setValue('sizes', sizes, { shouldValidate: true, shouldDirty: true });
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 }, alignItems: { sm: 'center' } }}>
      <FormControlLabel
        sx={{ minWidth: 160 }}
        control={<Switch checked={offered} onChange={(e) => toggle(e.target.checked)} />}
        label={name}
      />
      {offered && (
        <>
          <MoneyInput
            source={`sizes.${name}.price`}
            label={translate('resources.catalog.items.fields.sizePrice', { size: name })}
            min={0}
            step={0.5}
            helperText={false}
          />
          <BooleanInput
            source={`sizes.${name}.hasHalfAndHalf`}
            label={f('hasHalfAndHalf')}
            helperText={false}
            sx={{ whiteSpace: 'nowrap' }}
          />
        </>
      )}
    </Stack>
  );
}

function ToppingPrices() {
  const sizes = Object.keys((useWatch({ name: 'sizes' }) as Record<string, unknown> | undefined) ?? {});
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {sizes.map((s) => (
        <MoneyInput key={s} source={`prices.${s}`} label={s} min={0} step={0.5} helperText={false} sx={{ width: 120 }} />
      ))}
    </Stack>
  );
}

/** A pizza (spec 2 §3, §5): a price for every size it comes in, toppings to remove and to add. */
export function PizzaInputs({ settings }: { settings: PizzaSettings }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <CommonInputs
        descriptionMax={PIZZA_DESCRIPTION_MAX}
        nameHint={translate('resources.catalog.items.hints.pizzaName')}
        price={false}
        descriptionRequired
      />
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        {translate('resources.catalog.items.sections.sizes')}
      </Typography>
      {settings.sizes.map((s) => (
        <SizeRow key={s.name} name={s.name} />
      ))}
      <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>
        {translate('resources.catalog.items.sections.removeToppings')}
      </Typography>
      <ListEditor source="removeToppings" rowName="topping" listName="toppings" inline>
        <TextInput
          source=""
          label={f('removeTopping')}
          helperText={translate('resources.catalog.items.hints.topping', { max: TOPPING_NAME_MAX })}
        />
      </ListEditor>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>
        {translate('resources.catalog.items.sections.addToppings')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.catalog.items.sections.addToppingsNote')}
      </Typography>
      <ListEditor source="addToppings" rowName="topping" listName="toppings">
        <TextInput
          source="name"
          label={f('toppingName')}
          helperText={translate('resources.catalog.items.hints.topping', { max: TOPPING_NAME_MAX })}
        />
        <ToppingPrices />
      </ListEditor>
      <AttributesInput />
    </Box>
  );
}
