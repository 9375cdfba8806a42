import {
  BooleanInput,
  NumberInput,
  SaveButton,
  SelectArrayInput,
  SelectInput,
  TextInput,
  Toolbar,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert, Box, Button, Stack } from '@mui/material';
import { messages } from '../../domain/messages';
import { currencySymbol } from '../../domain/money';
import { newPromotion, PROMOTION_TYPE_LABELS, PROMOTION_TYPES, type PromotionType } from '../../domain/promotion';
import { DOWS, dowLabel } from '../../domain/weekdays';
import { localDate } from '../../domain/hours';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { schemaResolver } from '../../src/components/forms/schemaResolver';
import { promotionInputSchema } from '../../domain/promotion';
import { MoneyInput } from '../../src/components/MoneyInput';

export const label = (field: string) => `resources.promotions.fields.${field}`;
export const promotionResolver = schemaResolver(promotionInputSchema);

/** A new coupon's values (spec 3 §3), also what fills the other types' fields when an existing coupon's type changes. */
export function usePromotionDefaults() {
  const { shop } = useShop();
  return newPromotion(localDate(new Date(), shop.timezone));
}

const typeChoices = PROMOTION_TYPES.map((id) => ({ id, name: PROMOTION_TYPE_LABELS[id] }));
const dowChoices = DOWS.map((id) => ({ id, name: dowLabel(id) }));
// '' (pickup and delivery) is the input's empty choice, shown as 'All'.
const collectionChoices = [
  { id: 'PICKUP', name: 'resources.promotions.choices.collectionType.PICKUP' },
  { id: 'DELIVERY', name: 'resources.promotions.choices.collectionType.DELIVERY' },
];

function TypeFields({ symbol }: { symbol: string }) {
  const type = useWatch({ name: 'type' }) as PromotionType;
  const money = { min: 0, step: 0.01, helperText: `In ${symbol}` };
  if (type === 'FLAT_PERCENTAGE_DISCOUNT')
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
        <MoneyInput
          source="flatPercentageDiscount.applicableOverAmount"
          label={label('flatPercentageDiscount.applicableOverAmount')}
          {...money}
        />
        <NumberInput
          source="flatPercentageDiscount.discountPercentage"
          label={label('flatPercentageDiscount.discountPercentage')}
          min={0}
          max={100}
          helperText="resources.promotions.help.discountPercentage"
        />
      </Stack>
    );
  if (type === 'FREE_DELIVERY')
    return <MoneyInput source="freeDelivery.applicableOverAmount" label={label('freeDelivery.applicableOverAmount')} {...money} />;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
      <MoneyInput source="flatAmountDiscount.applicableOverAmount" label={label('flatAmountDiscount.applicableOverAmount')} {...money} />
      <MoneyInput source="flatAmountDiscount.discountAmount" label={label('flatAmountDiscount.discountAmount')} {...money} />
    </Stack>
  );
}

/** Spec 3 §5: said as soon as the rule is broken, wherever the focus is (Save Coupon stays disabled meanwhile). */
function FirstOrderRule() {
  const [firstOrder, maxRedeems] = useWatch({ name: ['firstOrderDiscount', 'maxRedeems'] }) as [boolean, number];
  if (!firstOrder || maxRedeems === 1) return null;
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
      {messages.firstOrderMaxRedeems}
    </Alert>
  );
}

/** The coupon form's fields (spec 3 §2.5), shared by create and edit. */
export function PromotionInputs() {
  const { shop } = useShop();
  const type = useWatch({ name: 'type' }) as PromotionType;
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <TextInput
        source="coupon"
        label={label('coupon')}
        helperText="resources.promotions.help.coupon"
        parse={(v: string) => (v ?? '').toUpperCase()}
        slotProps={{ htmlInput: { maxLength: 14, autoCapitalize: 'characters' } }}
      />
      <TextInput source="description" label={label('description')} fullWidth helperText="resources.promotions.help.description" />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
        <TextInput
          source="startDate"
          label={label('startDate')}
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={false}
        />
        <TextInput source="endDate" label={label('endDate')} type="date" slotProps={{ inputLabel: { shrink: true } }} helperText={false} />
      </Stack>
      <SelectArrayInput
        source="dows"
        label={label('dows')}
        choices={dowChoices}
        helperText="resources.promotions.help.dows"
        sx={{ minWidth: 260 }}
      />
      <NumberInput source="maxRedeems" label={label('maxRedeems')} min={0} step={1} helperText="resources.promotions.help.maxRedeems" />
      <BooleanInput source="exclusive" label={label('exclusive')} helperText={false} />
      <BooleanInput source="firstOrderDiscount" label={label('firstOrderDiscount')} helperText={false} />
      <FirstOrderRule />
      <SelectInput source="type" label={label('type')} choices={typeChoices} helperText={false} sx={{ minWidth: 260 }} />
      <TypeFields symbol={currencySymbol(shop.country)} />
      {type !== 'FREE_DELIVERY' && (
        <SelectInput
          source="collectionType"
          label={label('collectionType')}
          choices={collectionChoices}
          helperText={false}
          sx={{ minWidth: 260 }}
          emptyText="resources.promotions.choices.collectionType.all"
          emptyValue=""
        />
      )}
    </Box>
  );
}

/** 'Save Coupon' (disabled while invalid) and Cancel back to the list. */
export function PromotionToolbar() {
  const { shop } = useShop();
  const { isValid, isSubmitting } = useFormState();
  const { saving } = useSaveContext();
  const translate = useTranslate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label="resources.promotions.save" disabled={!isValid || isSubmitting || saving} />
      <Button component={Link} to={shopUrl(shop.id, 'promotions')}>
        {translate('ra.action.cancel')}
      </Button>
    </Toolbar>
  );
}
