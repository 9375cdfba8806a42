import { NumberInput, SelectInput, TextInput, useGetList, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { DEAL_DESCRIPTION_MAX, type Item } from '../../../domain/catalog/item';
import type { PizzaSettings } from '../../../domain/catalog/pizzaSettings';
import { useShop } from '../../../src/contracts/shopContext';
import { CommonInputs } from './CommonInputs';
import { AttributesInput } from './AttributesInput';
import { ListEditor } from '../../../src/components/forms/ListEditor';
import { MoneyInput } from '../../../src/components/MoneyInput';

const f = (field: string) => `resources.catalog.items.fields.${field}`;

/** A deal (spec 2 §3, §5): its items with quantities, and pizza slots filled from the shop's pizzas. */
export function DealInputs({ settings }: { settings: PizzaSettings }) {
  const translate = useTranslate();
  const { shop } = useShop();
  const pizzas = useGetList<Item>('items', {
    filter: { type: 'PIZZA' },
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
    meta: { shopId: shop.id },
  });
  const pizzaChoices = (pizzas.data ?? []).map((p) => ({ id: p.id, name: p.name }));
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <CommonInputs descriptionMax={DEAL_DESCRIPTION_MAX} nameHint={translate('resources.catalog.items.hints.name')} />
      <Box component="section" aria-label={translate('resources.catalog.items.sections.dealItems')}>
        <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
          {translate('resources.catalog.items.sections.dealItems')}
        </Typography>
        <ListEditor source="dealItems" rowName="item" listName="items" inline>
          <TextInput source="name" label={f('dealItemName')} helperText={false} />
          <NumberInput source="qty" label={f('qty')} min={1} step={1} defaultValue={1} helperText={false} sx={{ width: 100 }} />
        </ListEditor>
      </Box>
      <Box component="section" aria-label={translate('resources.catalog.items.sections.dealPizzas')}>
        <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>
          {translate('resources.catalog.items.sections.dealPizzas')}
        </Typography>
        <ListEditor source="dealPizzas" rowName="pizza slot" listName="pizza slots">
          <SelectInput
            source="size"
            label={f('size')}
            choices={settings.sizes.map((s) => ({ id: s.name, name: s.name }))}
            helperText={false}
          />
          <NumberInput source="qty" label={f('qty')} min={1} step={1} defaultValue={1} helperText={false} sx={{ width: 100 }} />
          <ListEditor source="pizzaList" label={f('pizzas')} rowName="pizza" listName="pizzas" inline>
            <SelectInput source="id" label={f('pizza')} choices={pizzaChoices} helperText={false} />
            <MoneyInput
              source="extraCharge"
              label={f('extraCharge')}
              min={0}
              step={0.5}
              defaultValue={0}
              helperText={false}
              sx={{ width: 130 }}
            />
          </ListEditor>
        </ListEditor>
      </Box>
      <AttributesInput />
    </Box>
  );
}
