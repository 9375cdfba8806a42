import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Collapse, Grid, Stack, Typography } from '@mui/material';
import deployments from '../../deployments.json';
import { messages } from '../../domain/messages';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import type { StripeApi } from './api';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { deployment } from '../../providers/deployment';
import { AccountDetails } from './AccountDetails';
import { BankAccountForm } from './BankAccountForm';
import { PayoutScheduleForm } from './PayoutScheduleForm';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

/** Spec 2 §6: the dashboard URL uses the test path unless the console runs on a production host (one listed in deployments.json). */
const onProductionHost = () => window.location.hostname in deployments && window.location.hostname !== 'development';
const dashboardUrl = (accountId: string) =>
  `https://dashboard.stripe.com/${onProductionHost() ? '' : 'test/'}connect/accounts/${accountId}`;
/** Stripe's pages (and the simulated provider's) are opened in the same window (spec 2 §4). */
const go = (url: string) => window.location.assign(url);

/**
 * /shops/{shopId}/payments/stripe (spec 2 §2–§6): Connect when the shop has no account; else the account, its
 * requirements in words, the bank account and payout schedule (one panel), the update/verify links, Disconnect, and
 * for super admins View Account and Archive Account. Connect and Disconnect choose where the shop's card payments go:
 * only admins are offered them (the server refuses them to staff); staff see why instead. Stripe's OAuth comes back
 * here with code and state, which the server checks against this shop and this user before it stores the account.
 */
export function StripeAccountPage() {
  const api = useApi<StripeApi>();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { shop, access } = useShop();
  const superAdmin = access === 'SUPER_ADMIN';
  const { can } = useShopRole();
  const mayConnect = can('connectStripe');
  const mayChangeBank = can('bankAccount');
  const [params] = useSearchParams();
  const [panelOpen, setPanelOpen] = useState(false);
  const [confirm, setConfirm] = useState<'archive' | 'disconnect' | null>(null);
  const keys = { active: ['stripe', shop.id, 'active'], account: ['stripe', shop.id, 'account'] };
  const reload = () => queryClient.invalidateQueries({ queryKey: ['stripe', shop.id] });

  // Back from Stripe's OAuth page, the shop's account is read once connecting has finished (code and state gone from
  // the address): a read sent alongside the finish could be answered with the state from before it, and react-query
  // does not cancel a first fetch in flight when the finish invalidates it, so the page stayed on Connect.
  const code = params.get('code');
  const state = params.get('state');
  const returning = Boolean(code && state);
  const active = useApiQuery({ queryKey: keys.active, queryFn: () => api.stripeActiveAccount(shop.id), enabled: !returning });
  const connected = Boolean(active.data?.accountId);
  const account = useApiQuery({ queryKey: keys.account, queryFn: () => api.stripeAccount(shop.id), enabled: connected });
  const pk = useApiQuery({
    queryKey: ['stripe', 'pk'],
    queryFn: () => api.getStripeKey(),
    enabled: connected && !deployment.stripePublishableKey,
  });

  const finish = useApiMutation({
    mutationFn: (body: { code: string; state: string }) => api.stripeAuthorizeReturn(shop.id, body),
    success: 'Stripe account connected',
    onSuccess: reload,
  });
  const start = useApiMutation({ mutationFn: () => api.stripeAuthorizeUrl(shop.id), success: null, onSuccess: ({ url }) => go(url) });
  const link = useApiMutation({
    mutationFn: (kind: 'verification' | 'update') => api.stripeLink(shop.id, kind),
    success: null,
    onSuccess: ({ url }) => go(url),
  });
  const disconnect = useApiMutation({
    mutationFn: () => api.stripeDisconnect(shop.id),
    success: messages.stripeDisconnected,
    onSuccess: reload,
  });
  const archive = useApiMutation({ mutationFn: () => api.stripeArchive(shop.id), success: messages.stripeArchived, onSuccess: reload });

  // Back from Stripe's OAuth page: finish once, then drop code and state from the address bar.
  const finished = useRef(false);
  const stripeError = params.get('stripe_error');
  useEffect(() => {
    if (!code || !state || finished.current) return;
    finished.current = true;
    finish.mutate({ code, state }, { onSettled: () => navigate('.', { replace: true }) });
  }, [code, state, finish, navigate]);
  useEffect(() => {
    if (stripeError) notify(stripeError, { type: 'warning' });
  }, [stripeError, notify]);

  const saved = () => {
    setPanelOpen(false);
    void reload();
  };

  // Offered on both pages (not connected yet, connected): an account can be archived from either.
  const archiveConfirm = (
    <ArchiveConfirm
      open={confirm === 'archive'}
      loading={archive.isPending}
      onConfirm={() =>
        archive
          .mutateAsync(undefined)
          .catch(() => undefined)
          .finally(() => setConfirm(null))
      }
      onClose={() => setConfirm(null)}
    />
  );

  if (active.error) return <Alert severity="error">{active.error.message}</Alert>;
  if (!active.data || finish.isPending) return <Pending />;

  if (!connected) {
    const unified = active.data.connectMode === 'custom';
    return (
      <Box sx={{ maxWidth: 720 }}>
        <PageHeader inShop title={translate('resources.stripe.name')} subtitle={translate('resources.stripe.connect.subtitle')} />
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('resources.stripe.connect.title')}
            </Typography>
            <Typography sx={{ mb: 2 }}>
              {unified ? translate('resources.stripe.connect.unified') : translate('resources.stripe.connect.standard')}
            </Typography>
            {active.data.provider === 'simulated' && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate('resources.stripe.connect.simulated')}
              </Alert>
            )}
            {mayConnect ? (
              <Button variant="contained" onClick={() => start.mutate(undefined)} disabled={start.isPending}>
                {start.isPending ? messages.pleaseWait : translate('resources.stripe.actions.connectWithStripe')}
              </Button>
            ) : (
              <Alert severity="info">{messages.stripeConnectAdminsOnly}</Alert>
            )}
          </CardContent>
        </Card>
        {superAdmin && (
          <Button sx={{ mt: 2 }} color="warning" onClick={() => setConfirm('archive')}>
            {translate('resources.stripe.actions.archive')}
          </Button>
        )}
        {archiveConfirm}
      </Box>
    );
  }

  const a = account.data;
  const publishableKey = deployment.stripePublishableKey || pk.data?.publishableKey || '';
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader
        inShop
        title={a?.displayName ?? 'Stripe'}
        subtitle={
          // The provider's account id is for support and the provider's dashboard, not for reading: behind a toggle.
          <details data-testid="stripe-account-id">
            <summary style={{ cursor: 'pointer', minHeight: 44, display: 'list-item' }}>
              {translate('resources.stripe.account.idToggle')}
            </summary>
            <span style={{ overflowWrap: 'anywhere' }}>{translate('resources.stripe.account.id', { id: active.data.accountId })}</span>
          </details>
        }
        actions={
          superAdmin && (
            <>
              <Button href={dashboardUrl(active.data.accountId!)} target="_blank" rel="noopener noreferrer">
                {translate('resources.stripe.actions.view')}
              </Button>
              <Button color="warning" onClick={() => setConfirm('archive')}>
                {translate('resources.stripe.actions.archive')}
              </Button>
            </>
          )
        }
      />
      {account.error && <Alert severity="error">{messages.noAccountYet}</Alert>}
      {account.isPending && <Pending />}
      {a && (
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 3 }}>
              {mayChangeBank && (
                <>
                  <Button variant="outlined" onClick={() => link.mutate('update')} disabled={link.isPending}>
                    {translate('resources.stripe.actions.update')}
                  </Button>
                  <Button variant="outlined" onClick={() => link.mutate('verification')} disabled={link.isPending}>
                    {translate('resources.stripe.actions.verify')}
                  </Button>
                  <Button
                    variant={panelOpen ? 'contained' : 'outlined'}
                    aria-expanded={panelOpen}
                    aria-controls="bank-schedule-panel"
                    onClick={() => setPanelOpen((o) => !o)}
                  >
                    {translate('resources.stripe.actions.bankAndSchedule')}
                  </Button>
                </>
              )}
              {mayConnect && (
                <Button color="error" onClick={() => setConfirm('disconnect')}>
                  {translate('resources.stripe.actions.disconnect')}
                </Button>
              )}
            </Stack>
            {!mayConnect && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 3 }}>
                {messages.stripeConnectAdminsOnly}
              </Typography>
            )}
            <Collapse in={mayChangeBank && panelOpen} unmountOnExit>
              <Card id="bank-schedule-panel" variant="outlined" sx={{ mb: 3 }}>
                <CardContent>
                  <Grid container spacing={4}>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <BankAccountForm
                        setup={{ publishableKey, provider: active.data.provider }}
                        onSaved={saved}
                        keyLoading={pk.isLoading}
                      />
                    </Grid>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <PayoutScheduleForm current={a.settings?.payouts?.schedule} onSaved={saved} />
                    </Grid>
                  </Grid>
                </CardContent>
              </Card>
            </Collapse>
            <AccountDetails account={a} shopCountry={shop.country} personalDetails={access !== 'USER'} />
          </CardContent>
        </Card>
      )}
      <ConfirmDialog
        isOpen={confirm === 'disconnect'}
        loading={disconnect.isPending}
        title="resources.stripe.actions.disconnect"
        content={messages.disconnectConfirm}
        confirm="resources.stripe.actions.disconnect"
        confirmColor="warning"
        onConfirm={() =>
          disconnect
            .mutateAsync(undefined)
            .catch(() => undefined)
            .finally(() => setConfirm(null))
        }
        onClose={() => setConfirm(null)}
      />
      {archiveConfirm}
    </Box>
  );
}

function ArchiveConfirm({
  open,
  loading,
  onConfirm,
  onClose,
}: {
  open: boolean;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      isOpen={open}
      loading={loading}
      title="resources.stripe.actions.archive"
      content={messages.archiveConfirm}
      confirm="resources.stripe.actions.archive"
      confirmColor="warning"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
