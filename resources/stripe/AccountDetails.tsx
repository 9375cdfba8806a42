import { useTranslate } from 'react-admin';
import type { ReactNode } from 'react';
import { Alert, Box, Chip, Divider, Grid, Stack, Typography } from '@mui/material';
import { messages } from '../../domain/messages';
import { requirementsInWords, type StripeAccount } from '../../domain/stripe';
import { showBirthDate } from '../../src/components/dates';
import { capabilityInWords, codeInWords } from '../../src/components/words';

/** 'Charges enabled' or 'Charges not enabled': what a flag means, in words. `what`: a key of account.flag. */
function Enabled({ on, what }: { on: boolean | undefined; what: 'charges' | 'payouts' }) {
  const translate = useTranslate();
  const flag = (key: string, options?: object) => translate(`resources.stripe.account.flag.${key}`, options);
  return (
    <Chip
      size="small"
      color={on ? 'success' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      label={flag(on ? 'on' : 'off', { what: flag(what) })}
    />
  );
}
const addressText = (a?: Record<string, string | null> | null) =>
  a ? [a.line1, a.line2, a.city, a.state, a.postal_code, a.country].filter(Boolean).join(', ') : '';

/** `part`: a key of resources.stripe.account (also the requirements' titles). */
function Section({ part, children }: { part: string; children: ReactNode }) {
  const translate = useTranslate();
  const name = translate(`resources.stripe.account.${part}`);
  return (
    <Box component="section" aria-label={name} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        {name}
      </Typography>
      {children}
    </Box>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const translate = useTranslate();
  const shown = rows.filter(([, v]) => v !== '' && v !== null && v !== undefined);
  if (!shown.length) return <Typography color="text.secondary">{translate('resources.stripe.account.notProvided')}</Typography>;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(7rem, max-content) 1fr', columnGap: 2, rowGap: 0.5 }}>
      {shown.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Requirements({ part, codes, severity }: { part: string; codes?: string[] | null; severity: 'error' | 'warning' | 'info' }) {
  const translate = useTranslate();
  const words = requirementsInWords(codes);
  if (!words.length) return null;
  return (
    <Alert severity={severity} sx={{ mb: 1 }}>
      <strong>{translate(`resources.stripe.account.${part}`)}:</strong> {words.join('; ')}
    </Alert>
  );
}

/**
 * When the account lists no bank account, what the provider's answer means: Stripe does not show a Standard
 * account's bank details to the platform (payouts still go to it), so 'No bank account yet' is said only when the
 * account cannot be paid out.
 */
function BankAccountState({ account }: { account: StripeAccount }) {
  const listed = account.external_accounts?.data ?? [];
  if (listed.length > 0) return null;
  return (
    <Typography color="text.secondary" data-testid="bank-account-state">
      {account.payouts_enabled
        ? 'Payouts go to the bank account this account holds with Stripe; Stripe shows its details in your Stripe Dashboard.'
        : 'No bank account yet'}
    </Typography>
  );
}

/** The connected account as spec 2 §3 reads it: capabilities, who the business is, what Stripe still needs, the bank, the schedule. */
export function AccountDetails({
  account,
  shopCountry,
  personalDetails = true,
}: {
  account: StripeAccount;
  shopCountry: string;
  /** The holder's date of birth, address, contact and identity check: the server sends them to ADMINs only. */
  personalDetails?: boolean;
}) {
  const translate = useTranslate();
  const ind = account.individual;
  const co = account.company;
  const schedule = account.settings?.payouts?.schedule;
  const req = account.requirements;
  const nothingDue = !req?.past_due?.length && !req?.currently_due?.length && !req?.eventually_due?.length;
  const scheduleText = !schedule?.interval
    ? ''
    : schedule.interval === 'weekly'
      ? `Weekly, on ${schedule.weekly_anchor ?? '—'}`
      : schedule.interval === 'monthly'
        ? `Monthly, on day ${schedule.monthly_anchor ?? '—'}`
        : `${schedule.interval.charAt(0).toUpperCase()}${schedule.interval.slice(1)}` +
          `${schedule.delay_days !== undefined ? ` (${schedule.delay_days} day delay)` : ''}`;

  return (
    <Stack sx={{ gap: 3 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Enabled on={account.charges_enabled} what="charges" />
        <Enabled on={account.payouts_enabled} what="payouts" />
        {Object.entries(account.capabilities ?? {}).map(([name, status]) => (
          <Chip key={name} size="small" variant="outlined" label={capabilityInWords(name, status)} />
        ))}
      </Stack>
      <Section part="requirements">
        {nothingDue ? (
          <Typography color="text.secondary">{translate('resources.stripe.account.nothingDue')}</Typography>
        ) : (
          <>
            <Requirements part="pastDue" codes={req?.past_due} severity="error" />
            <Requirements part="currentlyDue" codes={req?.currently_due} severity="warning" />
            <Requirements part="eventuallyDue" codes={req?.eventually_due} severity="info" />
          </>
        )}
      </Section>
      <Divider />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          {account.business_type === 'company' ? (
            <Section part="company">
              <Facts
                rows={[
                  ['Name', co?.name],
                  ['Address', addressText(co?.address)],
                  ['Email', co?.email],
                  ['Phone', co?.phone],
                  ['Directors provided', co ? (co.directors_provided ? 'Yes' : 'No') : ''],
                  ['Executives provided', co ? (co.executives_provided ? 'Yes' : 'No') : ''],
                  ['Owners provided', co ? (co.owners_provided ? 'Yes' : 'No') : ''],
                  ['Website', account.business_profile?.url],
                ]}
              />
            </Section>
          ) : (
            <Section part="individual">
              <Facts
                rows={[
                  ['Name', [ind?.first_name, ind?.last_name].filter(Boolean).join(' ')],
                  ...(personalDetails
                    ? ([
                        ['Date of birth', showBirthDate(ind?.dob, account.country ?? shopCountry)],
                        ['Address', addressText(ind?.address)],
                        ['Email', ind?.email],
                        ['Phone', ind?.phone],
                        ['Verification', codeInWords(ind?.verification?.status)],
                      ] satisfies [string, ReactNode][])
                    : []),
                  ['Website', account.business_profile?.url],
                ]}
              />
              {!personalDetails && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {messages.holderDetailsAdminsOnly}
                </Typography>
              )}
            </Section>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section part="bankAccount">
            <BankAccountState account={account} />
            {/* A new default bank account joins the old ones (Stripe keeps them): a rule between each keeps them apart. */}
            <Stack spacing={1.5} divider={<Divider flexItem />}>
              {(account.external_accounts?.data ?? []).map((x) =>
                x.object !== 'bank_account' ? (
                  <Alert key={x.id} severity="warning">
                    {messages.unsupportedExternalAccount}
                  </Alert>
                ) : (
                  <Facts
                    key={x.id}
                    rows={[
                      ['Bank', x.bank_name],
                      ['Holder', x.account_holder_name],
                      ['Routing', x.routing_number],
                      ['Account', x.last4 ? `•••• ${x.last4}` : ''],
                    ]}
                  />
                ),
              )}
            </Stack>
          </Section>
          <Box sx={{ mt: 3 }}>
            <Section part="payoutSchedule">
              <Typography data-testid="payout-schedule">{scheduleText || 'Not set'}</Typography>
            </Section>
          </Box>
        </Grid>
      </Grid>
    </Stack>
  );
}
