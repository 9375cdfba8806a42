import { ArrayInput, ResourceContextProvider, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router-dom';
import { SUBURB_NAME_MAX } from '../../../domain/catalog/delivery';
import { shopUrl } from '../../../src/contracts/urls';
import { useShop } from '../../../src/contracts/shopContext';
import { PageHeader } from '../../../src/components/PageHeader';
import { SettingsKindForm } from '../../../src/components/forms/SettingsKindForm';
import { MoneyInput } from '../../../src/components/MoneyInput';
import { touchTargets } from '../../../src/components/touch';

const f = (field: string) => `resources.catalog.delivery.fields.${field}`;

/** /shops/{shopId}/delivery_suburbs/edit (spec 2 §2): minimum order value and the suburbs with their charges. */
export function DeliveryEdit() {
  const { shop } = useShop();
  const translate = useTranslate();
  return (
    <ResourceContextProvider value="delivery_suburbs">
      <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 760, ...touchTargets }}>
        <PageHeader
          inShop
          title={translate('resources.catalog.delivery.edit')}
          actions={
            <Button component={Link} to={shopUrl(shop.id, 'delivery_suburbs', 'view')} startIcon={<ArrowBackIcon />}>
              {translate('resources.catalog.delivery.back')}
            </Button>
          }
        />
        <Card variant="outlined">
          <CardContent>
            <SettingsKindForm kind="delivery">
              <MoneyInput
                source="minOrderValue"
                label={f('minOrderValue')}
                min={0}
                step={1}
                helperText={translate('resources.catalog.delivery.hints.minOrderValue')}
              />
              <ArrayInput source="suburbs" label={f('suburbs')}>
                <SimpleFormIterator inline disableReordering>
                  <TextInput
                    source="name"
                    label={f('name')}
                    helperText={translate('resources.catalog.delivery.hints.name', { max: SUBURB_NAME_MAX })}
                  />
                  <TextInput
                    source="postcode"
                    label={f('postcode')}
                    helperText={translate('resources.catalog.delivery.hints.postcode')}
                    sx={{ width: 130 }}
                  />
                  <MoneyInput
                    source="deliveryCharges"
                    label={f('deliveryCharges')}
                    min={0}
                    step={0.5}
                    defaultValue={0}
                    helperText={false}
                    sx={{ width: 180 }}
                  />
                </SimpleFormIterator>
              </ArrayInput>
            </SettingsKindForm>
          </CardContent>
        </Card>
      </Box>
    </ResourceContextProvider>
  );
}
