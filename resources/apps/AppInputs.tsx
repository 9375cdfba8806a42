import { BooleanInput, TextInput, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { APP_NAME, OUTLET_NAME, SHOP_SELECT_SUBTITLE_MAX, SHOP_SELECT_TITLE } from '../../domain/apps';
import { ImageInput } from '../../src/components/ImageInput';
import { ShopPicker } from './ShopPicker';
import { ListEditor } from '../../src/components/forms/ListEditor';

/** Tab Basic of an app, shared by create (with the bundle id, chosen once) and edit (spec 1 §3, §5). */
export function AppInputs({ create = false }: { create?: boolean }) {
  const translate = useTranslate();
  const f = (k: string) => `resources.apps.fields.${k}`;
  const hint = (limits: { min: number; max: number }, optional = false) =>
    translate(`resources.apps.help.${optional ? 'optionalChars' : 'chars'}`, limits);
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      {create && <TextInput source="bundleId" label={f('bundleId')} helperText="resources.apps.help.bundleId" fullWidth />}
      <TextInput source="name" label={f('name')} helperText={hint(APP_NAME)} fullWidth />
      <ImageInput source="logo" label={f('logo')} aspect="SQUARE" />
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {translate(f('outlets'))}
      </Typography>
      <ListEditor source="outlets" helperText="resources.apps.help.outlets" rowName="outlet" listName="outlets" inline>
        <TextInput source="name" label={f('outletName')} helperText={hint(OUTLET_NAME)} sx={{ minWidth: { xs: '100%', sm: 200 } }} />
        <ShopPicker source="shopId" label={translate(f('outletShop'))} />
      </ListEditor>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        <BooleanInput source="rememberShop" label={f('rememberShop')} />
        <BooleanInput source="multiBrand" label={f('multiBrand')} />
        <BooleanInput source="enableSearch" label={f('enableSearch')} />
      </Box>
      <TextInput source="shopSelectPageTitle" label={f('shopSelectPageTitle')} helperText={hint(SHOP_SELECT_TITLE, true)} fullWidth />
      <TextInput
        source="shopSelectPageSubtitle"
        label={f('shopSelectPageSubtitle')}
        helperText={translate('resources.apps.help.optionalAtMost', { max: SHOP_SELECT_SUBTITLE_MAX })}
        fullWidth
        multiline
      />
    </Box>
  );
}
