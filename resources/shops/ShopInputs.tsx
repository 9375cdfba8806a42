import { SelectInput, TextInput, useRecordContext } from 'react-admin';
import { Box } from '@mui/material';
import { SHOP_DESCRIPTION, SHOP_LOCALITY, SHOP_NAME } from '../../domain/constants';
import { DEFAULT_SHOP_COUNTRY, defaultTimezone } from '../../domain/countries';
import { viewerTimeZone } from '../../domain/dates';
import type { Shop } from '../../domain/shop';
import { ImageInput } from '../../src/components/ImageInput';
import { categoryChoices, countryChoices } from './labels';
import { TimezoneInput } from './TimezoneInput';

/**
 * A new shop starts in Australia (spec 2 §9) as a cafe, on the viewer's clock when they are in Australia
 * and on Sydney's otherwise.
 */
export function newShopDefaults() {
  return { type: 'CAFE', country: DEFAULT_SHOP_COUNTRY, timezone: defaultTimezone(DEFAULT_SHOP_COUNTRY, viewerTimeZone()) };
}

const hint = ({ min, max }: { min: number; max: number }) => `${min} to ${max} characters`;

/** The fields of a shop, shared by create and edit; country and category only on create (spec 1 §5). */
export function ShopInputs({ create = false }: { create?: boolean }) {
  const record = useRecordContext<Shop>();
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <TextInput source="name" label="resources.shops.fields.name" helperText={hint(SHOP_NAME)} fullWidth />
      <TextInput source="description" label="resources.shops.fields.description" helperText={hint(SHOP_DESCRIPTION)} fullWidth />
      <TextInput source="locality" label="resources.shops.fields.locality" helperText={hint(SHOP_LOCALITY)} fullWidth />
      <ImageInput source="logo" aspect="SQUARE" />
      {create && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <SelectInput source="country" label="resources.shops.fields.country" choices={countryChoices} emptyText="" fullWidth />
          <SelectInput source="type" label="resources.shops.fields.category" choices={categoryChoices} emptyText="" fullWidth />
        </Box>
      )}
      <TimezoneInput country={create ? undefined : (record?.country ?? '')} />
    </Box>
  );
}
