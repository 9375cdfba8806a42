import { NumberInput, RadioButtonGroupInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box } from '@mui/material';
import { LOYALTY_CARD_ASPECT, LOYALTY_COUNT } from '../../../domain/loyalty';
import { currencySymbol } from '../../../domain/money';
import { useShop } from '../../../src/contracts/shopContext';
import { ImageInput } from '../../../src/components/ImageInput';
import { SettingsKindForm } from '../../../src/components/forms/SettingsKindForm';
import { Amount, fieldLabel, Group, Percentage, Switch } from '../fields';

const typeChoices = [
  { id: 'PERCENTAGE', name: 'resources.settings.choices.loyaltyType.PERCENTAGE' },
  { id: 'AMOUNT', name: 'resources.settings.choices.loyaltyType.AMOUNT' },
];

function LoyaltyFields() {
  const translate = useTranslate();
  const { shop } = useShop();
  const [enabled, type] = useWatch({ name: ['enabled', 'type'] }) as [boolean, string];
  return (
    <Box sx={{ width: '100%' }}>
      <Switch source="enabled" />
      {enabled && (
        <Group>
          <NumberInput
            source="count"
            label={fieldLabel('count')}
            min={LOYALTY_COUNT.min}
            max={LOYALTY_COUNT.max}
            step={1}
            helperText="resources.settings.help.count"
          />
          <RadioButtonGroupInput source="type" label={fieldLabel('type')} choices={typeChoices} helperText={false} />
          {type === 'AMOUNT' ? (
            <Amount source="amount" helperText={translate('resources.settings.limits.in', { symbol: currencySymbol(shop.country) })} />
          ) : (
            <Percentage source="percentage" max={100} helperText={translate('resources.settings.limits.percent', { max: 100 })} />
          )}
          <Switch source="noLoyaltyOnDiscountedOrders" />
          <ImageInput
            source="cardBg"
            label={fieldLabel('cardBg')}
            aspect={LOYALTY_CARD_ASPECT}
            helperText="resources.settings.help.cardBg"
          />
        </Group>
      )}
    </Box>
  );
}

/** Loyalty Program tab (spec 3 §3 "Loyalty program"). */
export function LoyaltyTab() {
  return (
    <SettingsKindForm kind="loyalty">
      <LoyaltyFields />
    </SettingsKindForm>
  );
}
