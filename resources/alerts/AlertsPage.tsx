import type { ReactNode } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { timesIn } from '../../domain/dates';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { SettingsKindForm } from '../../src/components/forms/SettingsKindForm';
import { OrderAlertFields } from '../../src/components/forms/OrderAlertFields';
import { PreferencesForm } from './PreferencesForm';
import { RecentAlerts } from './RecentAlerts';

function Panel({ title, intro, testId, children }: { title: string; intro?: string; testId: string; children: ReactNode }) {
  const translate = useTranslate();
  const id = `${testId}-title`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2">
          {translate(title)}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate(intro)}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * /shops/{shopId}/alerts: my own alert mails and board sound at this shop; for ADMINs, beside it, the shop's alert
 * lists and monitor delays (the order settings' own fields), and below, the last 50 alerts sent with their status.
 */
export function AlertsPage() {
  const translate = useTranslate();
  const { shop } = useShop();
  const { can } = useShopRole();
  const { identity } = useGetIdentity();
  const admin = can('ADMIN');
  return (
    <>
      <PageHeader inShop title={translate('resources.alerts.title')} subtitle={timesIn(shop.timezone)} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: admin ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 720px)' },
          alignItems: 'start',
        }}
      >
        <Panel title="resources.alerts.mine.title" intro="resources.alerts.mine.intro" testId="my-alerts">
          {identity?.id ? <PreferencesForm userId={String(identity.id)} /> : <Pending />}
        </Panel>
        {admin && (
          <Panel title="resources.alerts.shop.title" intro="resources.alerts.shop.intro" testId="shop-alerts">
            <SettingsKindForm kind="order">
              <OrderAlertFields />
            </SettingsKindForm>
          </Panel>
        )}
        {admin && (
          <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
            <Panel title="resources.alerts.recent.title" testId="recent-alerts">
              <RecentAlerts />
            </Panel>
          </Box>
        )}
      </Box>
    </>
  );
}
