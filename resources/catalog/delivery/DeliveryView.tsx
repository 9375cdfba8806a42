import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { Link } from 'react-router-dom';
import { formatMoney, toCents } from '../../../domain/money';
import { shopUrl } from '../../../src/contracts/urls';
import { useShop, useShopRole } from '../../../src/contracts/shopContext';
import { PageHeader } from '../../../src/components/PageHeader';
import { Pending } from '../../../src/components/Pending';
import { useSettingsDocument } from '../../../src/components/settingsQuery';

const f = (field: string) => `resources.catalog.delivery.fields.${field}`;

/**
 * /shops/{shopId}/delivery_suburbs/view (spec 2 §2): the delivery info, read-only, with Edit Delivery Info for those
 * who may edit the catalog.
 */
export function DeliveryView() {
  const { shop } = useShop();
  const editsCatalog = useShopRole().can('catalog');
  const translate = useTranslate();
  const doc = useSettingsDocument(shop.id, 'delivery');
  if (doc.error) return <Alert severity="error">{doc.error.message}</Alert>;
  if (!doc.data) return <Pending />;
  const money = (units: number) => formatMoney(toCents(units), shop.country);
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 760 }}>
      <PageHeader
        inShop
        title={translate('resources.catalog.delivery.name')}
        actions={
          editsCatalog && (
            <Button component={Link} to={shopUrl(shop.id, 'delivery_suburbs', 'edit')} variant="contained" startIcon={<EditIcon />}>
              {translate('resources.catalog.delivery.edit')}
            </Button>
          )
        }
      />
      <Card variant="outlined">
        <CardContent>
          <Typography>
            {translate(f('minOrderValue'))}: <strong>{money(doc.data.minOrderValue)}</strong>
          </Typography>
          {doc.data.suburbs.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {translate('resources.catalog.delivery.empty')}
            </Typography>
          ) : (
            <Table size="small" sx={{ mt: 2 }} aria-label={translate(f('suburbs'))}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(f('name'))}</TableCell>
                  <TableCell>{translate(f('postcode'))}</TableCell>
                  <TableCell align="right">{translate(f('deliveryCharges'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {doc.data.suburbs.map((s) => (
                  <TableRow key={`${s.name}|${s.postcode}`}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.name}</TableCell>
                    <TableCell>{s.postcode}</TableCell>
                    <TableCell align="right">{money(s.deliveryCharges)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
