import { BooleanInput, NumberInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import { SettingsKindForm } from '../../../src/components/forms/SettingsKindForm';
import { useShop } from '../../../src/contracts/shopContext';
import { currencySymbol } from '../../../domain/money';
import { IN_PROGRESS_LIMIT, READY_IN_MINUTES, SLOT_ORDERS, SLOT_SALES } from '../../../domain/kitchen';
import { Amount, Group } from '../fields';

const label = (field: string) => `resources.settings.kitchen.${field}`;

/** One collection type's part of the kitchen document: accept automatically, then its limits per slot. */
function ServiceFields({ service }: { service: 'pickup' | 'delivery' }) {
  const translate = useTranslate();
  const { shop } = useShop();
  const autoAccept = useWatch({ name: `${service}.autoAccept` }) as boolean | undefined;
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate(label(service))}
      </Typography>
      <BooleanInput source={`${service}.autoAccept`} label={label('autoAccept')} helperText={label('autoAcceptHelp')} />
      {autoAccept && (
        <Group>
          <NumberInput
            source={`${service}.readyInMinutes`}
            label={label('readyInMinutes')}
            helperText={translate(label('readyInHelp'), READY_IN_MINUTES)}
            min={READY_IN_MINUTES.min}
            max={READY_IN_MINUTES.max}
            step={1}
            fullWidth={false}
          />
        </Group>
      )}
      <NumberInput
        source={`${service}.maxOrders`}
        label={label('maxOrders')}
        helperText={translate(label('maxOrdersHelp'), SLOT_ORDERS)}
        min={SLOT_ORDERS.min}
        max={SLOT_ORDERS.max}
        step={1}
        fullWidth={false}
        sx={{ minWidth: 240 }}
      />
      <Amount
        source={`${service}.maxSales`}
        label={label('maxSales')}
        min={SLOT_SALES.min}
        max={SLOT_SALES.max}
        helperText={translate(label('maxSalesHelp'), { symbol: currencySymbol(shop.country), max: SLOT_SALES.max })}
      />
    </Box>
  );
}

/** What the one kitchen takes whatever the collection type: the orders-in-progress limit. */
function KitchenFields() {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate(label('wholeKitchen'))}
      </Typography>
      <NumberInput
        source="inProgressLimit"
        label={label('inProgressLimit')}
        helperText={translate(label('inProgressLimitHelp'), IN_PROGRESS_LIMIT)}
        min={IN_PROGRESS_LIMIT.min}
        max={IN_PROGRESS_LIMIT.max}
        step={1}
        fullWidth={false}
        sx={{ minWidth: 240 }}
      />
    </Box>
  );
}

/**
 * Kitchen tab: per collection type, orders accepted as they are placed (ready in N minutes, busy mode's minutes
 * added) and how many orders, and how much in sales, one 15-minute slot takes; then the orders-in-progress limit of
 * the whole kitchen (the settings kind `kitchen`).
 */
export function KitchenTab() {
  return (
    <SettingsKindForm kind="kitchen">
      <ServiceFields service="pickup" />
      <ServiceFields service="delivery" />
      <KitchenFields />
    </SettingsKindForm>
  );
}
