import { useState } from 'react';
import { NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Alert, Box, Collapse, Link, Stack } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import {
  COLLECTION_TYPES,
  MAX_DAYS_AHEAD,
  SURCHARGE_AMOUNT_MAX,
  SURCHARGE_MINIMUM_ORDER_MAX,
  SURCHARGE_PERCENTAGE_MAX,
} from '../../../domain/checkout';
import { currencySymbol } from '../../../domain/money';
import { useShop } from '../../../src/contracts/shopContext';
import { SettingsKindForm } from '../../../src/components/forms/SettingsKindForm';
import { Amount, fieldLabel, Group, Percentage, Switch } from '../fields';
import { touchLink } from '../../../src/components/touch';

const collectionTypeChoices = COLLECTION_TYPES.map((id) => ({ id, name: `resources.settings.choices.collectionType.${id}` }));
const collectionTimeChoices = [
  { id: 'CAFE', name: 'resources.settings.choices.collectionTime.CAFE' },
  { id: 'CUSTOM', name: 'resources.settings.choices.collectionTime.CUSTOM' },
];

function CheckoutHelp() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ mb: 2 }}>
      <Link component="button" type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={{ ...touchLink, gap: 0.5 }}>
        <HelpOutlineIcon fontSize="small" />
        {translate('resources.settings.checkoutHelp.link')}
      </Link>
      <Collapse in={open}>
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('resources.settings.checkoutHelp.text')}
        </Alert>
      </Collapse>
    </Box>
  );
}

function CheckoutFields() {
  const translate = useTranslate();
  const { shop } = useShop();
  const symbol = currencySymbol(shop.country);
  const [hasCollectionTime, hasCollectionName, surcharge] = useWatch({
    name: ['hasCollectionTime', 'hasCollectionName', 'creditCardSurchargeEnabled'],
  }) as boolean[];
  const collectionTime = useWatch({ name: 'collectionTime' }) as string;
  return (
    <Box sx={{ width: '100%' }}>
      <CheckoutHelp />
      <SelectInput
        source="collectionType"
        label={fieldLabel('collectionType')}
        choices={collectionTypeChoices}
        helperText={false}
        sx={{ minWidth: 260 }}
      />
      <Switch source="hasCollectionTime" />
      {hasCollectionTime && (
        <Group>
          <SelectInput
            source="collectionTime"
            label={fieldLabel('collectionTime')}
            choices={collectionTimeChoices}
            helperText="resources.settings.help.collectionTime"
            sx={{ minWidth: 260 }}
          />
          {collectionTime === 'CUSTOM' && (
            <NumberInput
              source="maxDaysAhead"
              label={fieldLabel('maxDaysAhead')}
              min={MAX_DAYS_AHEAD.min}
              max={MAX_DAYS_AHEAD.max}
              step={1}
              helperText="resources.settings.help.maxDaysAhead"
              fullWidth={false}
            />
          )}
        </Group>
      )}
      <Switch source="hasCollectionName" />
      {hasCollectionName && (
        <Group>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 }, width: '100%' }}>
            <TextInput
              source="collectionName.title"
              label={fieldLabel('collectionName.title')}
              helperText={translate('resources.settings.limits.chars', { min: 4, max: 24 })}
              sx={{ flex: 1 }}
            />
            <TextInput
              source="collectionName.subtitle"
              label={fieldLabel('collectionName.subtitle')}
              helperText={translate('resources.settings.limits.optionalChars', { min: 4, max: 60 })}
              sx={{ flex: 2 }}
            />
          </Stack>
        </Group>
      )}
      <Switch source="hasComments" />
      <Switch source="hasCoupons" />
      <Switch source="hasCash" />
      <Switch source="creditCardSurchargeEnabled" />
      {surcharge && (
        <Group>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 }, flexWrap: 'wrap' }}>
            <Amount
              source="creditCardSurchargeAmount"
              max={SURCHARGE_AMOUNT_MAX}
              helperText={translate('resources.settings.limits.money', { symbol, max: SURCHARGE_AMOUNT_MAX })}
            />
            <Percentage
              source="creditCardSurchargePercentage"
              max={SURCHARGE_PERCENTAGE_MAX}
              helperText={translate('resources.settings.limits.percent', { max: SURCHARGE_PERCENTAGE_MAX })}
            />
            <Amount
              source="creditCardSurchargeMinimumOrderValue"
              max={SURCHARGE_MINIMUM_ORDER_MAX}
              helperText={translate('resources.settings.limits.money', { symbol, max: SURCHARGE_MINIMUM_ORDER_MAX })}
            />
          </Stack>
        </Group>
      )}
    </Box>
  );
}

/** Checkout Settings tab (spec 3 §2.6, §3): what customers choose at checkout, and the card surcharge. */
export function CheckoutTab() {
  return (
    <SettingsKindForm kind="checkout">
      <CheckoutFields />
    </SettingsKindForm>
  );
}
