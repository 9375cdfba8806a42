import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, Card, CardContent } from '@mui/material';
import { e164Of, phoneForDisplay } from '../../domain/contact';
import { COUNTRIES } from '../../domain/countries';
import { useShop } from '../../src/contracts/shopContext';
import { PageHeader } from '../../src/components/PageHeader';
import { SettingsKindForm } from '../../src/components/forms/SettingsKindForm';

const label = (field: string) => `resources.contact.fields.${field}`;

/** Says how the number will be stored, so the E.164 form is no surprise. */
function PhoneInput() {
  const { shop } = useShop();
  const phone = useWatch({ name: 'phone' }) as string | undefined;
  const e164 = phone ? e164Of(phone, shop.country) : null;
  const country = (COUNTRIES as Record<string, { name: string }>)[shop.country]?.name ?? shop.country;
  const hint = e164 ? `${phoneForDisplay(e164, shop.country)} · saved as ${e164}` : `A phone number of ${country}`;
  return (
    <TextInput
      source="phone"
      label={label('phone')}
      type="tel"
      helperText={hint}
      fullWidth
      slotProps={{ htmlInput: { autoComplete: 'tel' } }}
    />
  );
}

/** /shops/{shopId}/contact: the `contact` settings document; the phone is checked for the shop's country. */
export function ContactPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <PageHeader inShop title={translate('resources.contact.name')} subtitle={translate('resources.contact.subtitle')} />
      <Card variant="outlined">
        <CardContent>
          <SettingsKindForm kind="contact">
            <TextInput
              source="address"
              label={label('address')}
              multiline
              minRows={2}
              fullWidth
              helperText="resources.contact.help.address"
            />
            <PhoneInput />
            <TextInput source="person" label={label('person')} fullWidth helperText="resources.contact.help.person" />
          </SettingsKindForm>
        </CardContent>
      </Card>
    </Box>
  );
}
