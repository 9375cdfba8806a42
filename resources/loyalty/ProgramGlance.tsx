import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { LoyaltySummary } from '../../domain/loyaltyCard';

const FIGURES = ['customersWithStamps', 'fullCards', 'owed', 'count'] as const;

/** The program as it stands now, whatever range the list shows: who holds stamps, whose reward waits, what is owed. */
export function ProgramGlance({ summary, money }: { summary: LoyaltySummary; money: (units: number) => string }) {
  const translate = useTranslate();
  const shown = (k: (typeof FIGURES)[number]) => (k === 'owed' ? money(summary.owed) : summary[k].toLocaleString());
  return (
    <Card variant="outlined" component="aside" aria-labelledby="loyalty-glance-title" data-testid="loyalty-glance">
      <CardContent>
        <Typography id="loyalty-glance-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {translate('resources.loyalty.glance.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr' } }}>
          {FIGURES.map((k) => (
            <Box key={k} data-testid={`glance-${k}`}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(`resources.loyalty.glance.${k}`)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                {shown(k)}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
