import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { closeMinutes, sessionText, type Session, type SessionKey } from '../../domain/timings';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../../domain/weekdays';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { TimesIn } from '../../src/components/TimesIn';
import { useSettingsDocument } from '../../src/components/settingsQuery';
import { ClosuresPanel } from './ClosuresPanel';

/** A session as the view shows it: 'Closed', or '8:00 pm to 2:00 am' marked as ending the next day. */
function SessionCell({ session }: { session: Session }) {
  const translate = useTranslate();
  const text = sessionText(session);
  const pastMidnight = session.available && closeMinutes(session) > 24 * 60;
  return (
    // The times stay together; '(next day)' may wrap under them on a phone rather than widen the page.
    <Box component="span" sx={{ color: session.available ? 'text.primary' : 'text.secondary' }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text}
      </Box>
      {pastMidnight && (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {` (${translate('resources.timings.nextDay')})`}
        </Box>
      )}
    </Box>
  );
}

/** /shops/{shopId}/timings/view (spec 3 §2.7): each day by Pickup and Delivery, Session 1 and 2; Update Timings. */
export function TimingsView() {
  const translate = useTranslate();
  const { shop } = useShop();
  const { can } = useShopRole();
  const timings = useSettingsDocument(shop.id, 'timings');
  const t = (key: string) => translate(`resources.timings.${key}`);
  const column = (key: SessionKey, service: 'pickup' | 'delivery', session: 1 | 2) => ({
    label: `${t(service)} ${t(`session${session}`)}`,
    render: (day: Weekday) => <SessionCell session={timings.data![day][key]} />,
  });

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageHeader
        inShop
        title={t('name')}
        actions={
          can('ADMIN') && (
            <Button component={RouterLink} to={shopUrl(shop.id, 'timings', 'edit')} variant="contained" startIcon={<EditIcon />}>
              {t('edit')}
            </Button>
          )
        }
      />
      {timings.error && <Alert severity="error">{timings.error.message}</Alert>}
      {!timings.data && !timings.error && <Pending />}
      {timings.data && (
        <Card variant="outlined">
          <CardContent>
            <ResponsiveTable
              aria-label={t('name')}
              testId="timings-row"
              rows={[...WEEKDAYS]}
              rowKey={(day) => day}
              columns={[
                {
                  label: 'Day',
                  primary: true,
                  render: (day) => (
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {WEEKDAY_LABELS[day]}
                    </Typography>
                  ),
                },
                column('pickup', 'pickup', 1),
                column('pickupExt', 'pickup', 2),
                column('delivery', 'delivery', 1),
                column('deliveryExt', 'delivery', 2),
              ]}
            />
            <TimesIn zone={shop.timezone} />
          </CardContent>
        </Card>
      )}
      <ClosuresPanel />
    </Box>
  );
}
