import { ArrayInput, BooleanInput, ResourceContextProvider, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { Box, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { PIZZA_SIZE_NAME_MAX, PIZZA_TOPPING_NAME_MAX } from '../../../domain/catalog/pizzaSettings';
import { SettingsKindForm } from '../../../src/components/forms/SettingsKindForm';
import { MoneyInput } from '../../../src/components/MoneyInput';

const f = (field: string) => `resources.settings.pizza.fields.${field}`;

/** A topping's price for each size of the form (a size without one is saved as 0, spec 3 §3). */
function ToppingPrices() {
  const sizes = ((useWatch({ name: 'sizes' }) as { name?: string }[] | undefined) ?? [])
    .map((s) => s?.name)
    .filter((n): n is string => !!n);
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {sizes.map((s) => (
        <MoneyInput key={s} source={`prices.${s}`} label={s} min={0} step={0.5} helperText={false} sx={{ width: 120 }} />
      ))}
    </Stack>
  );
}

/** The Pizza Settings tab (spec 3 §2.6, §3, §5): active, half and half, sizes and the shop's toppings. */
export function PizzaSettingsTab() {
  const translate = useTranslate();
  return (
    // The array inputs' rows read their labels' resource from context.
    <ResourceContextProvider value="pizza_settings">
      <SettingsKindForm kind="pizza">
        <Box sx={{ width: '100%', maxWidth: 760 }}>
          <BooleanInput source="active" label={f('active')} helperText="resources.settings.pizza.activeHelp" />
          <BooleanInput source="hasHalfAndHalf" label={f('hasHalfAndHalf')} helperText="resources.settings.pizza.halfAndHalfHelp" />
          <Typography variant="subtitle2" component="h2">
            {translate(f('sizes'))}
          </Typography>
          <ArrayInput source="sizes" label={false}>
            <SimpleFormIterator inline>
              <TextInput
                source="name"
                label={f('name')}
                helperText={translate('resources.settings.limits.upTo', { max: PIZZA_SIZE_NAME_MAX })}
              />
              <BooleanInput
                source="hasHalfAndHalf"
                label={f('hasHalfAndHalf')}
                defaultValue={false}
                helperText={false}
                sx={{ whiteSpace: 'nowrap' }}
              />
              <MoneyInput
                source="halfAndHalfExtraCharge"
                label={f('halfAndHalfExtraCharge')}
                min={0}
                step={0.5}
                defaultValue={0}
                helperText={false}
              />
            </SimpleFormIterator>
          </ArrayInput>
          <Box component="section" aria-label={translate(f('toppings'))}>
            <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>
              {translate(f('toppings'))}
            </Typography>
            <ArrayInput source="toppings" label={false}>
              <SimpleFormIterator disableReordering>
                <TextInput
                  source="name"
                  label={f('name')}
                  helperText={translate('resources.settings.limits.upTo', { max: PIZZA_TOPPING_NAME_MAX })}
                />
                <ToppingPrices />
              </SimpleFormIterator>
            </ArrayInput>
          </Box>
        </Box>
      </SettingsKindForm>
    </ResourceContextProvider>
  );
}
