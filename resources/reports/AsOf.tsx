import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatTimeOfDay } from '../../domain/dates';
import { useShop } from '../../src/contracts/shopContext';

/** How fresh the figures are ('As of 12:04:31 pm', on the shop's clock): a read replica may trail the orders a moment. */
export function AsOf({ asOf }: { asOf?: string }) {
  const { shop } = useShop();
  const translate = useTranslate();
  if (!asOf) return null;
  const time = formatTimeOfDay(new Date(asOf), shop.timezone, true);
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="report-as-of" sx={{ mb: 1 }}>
      {translate('resources.reports.asOf', { time })}
    </Typography>
  );
}
