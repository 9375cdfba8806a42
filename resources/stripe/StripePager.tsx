import { useTranslate } from 'react-admin';
import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { timesIn } from '../../domain/dates';
import { useShop } from '../../src/contracts/shopContext';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable, type ResponsiveColumn } from '../../src/components/ResponsiveTable';

/**
 * Stripe's lists page with a cursor (starting_after the last one shown): the cursors of the pages before this one,
 * the current page's cursor, and Newer/Older buttons. Shared by the payouts and the recent activity.
 */
export function useStripePages() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    after: cursors.at(-1),
    newer: cursors.length > 0 ? () => setCursors((c) => c.slice(0, -1)) : undefined,
    older: (lastId: string) => setCursors((c) => [...c, lastId]),
  };
}

export function StripePager({
  pages,
  page,
  label,
}: {
  pages: ReturnType<typeof useStripePages>;
  page: { data: { id: string }[]; has_more: boolean };
  label: string;
}) {
  const translate = useTranslate();
  return (
    <Stack component="nav" aria-label={label} direction="row" sx={{ gap: 1, mt: 2, justifyContent: 'flex-end' }}>
      <Button disabled={!pages.newer} onClick={pages.newer}>
        {translate('resources.stripe.actions.newer')}
      </Button>
      <Button disabled={!page.has_more} onClick={() => pages.older(page.data.at(-1)!.id)}>
        {translate('resources.stripe.actions.older')}
      </Button>
    </Stack>
  );
}

type StripePage<T> = { data: T[]; has_more: boolean };

/**
 * One page of a Stripe list (payouts, balance transactions) as both screens show it: a loader, `empty` when the list
 * is empty or its call failed, else the times' zone, the table and the pager.
 */
export function StripePagedList<T extends { id: string }>(props: {
  query: UseQueryResult<StripePage<T>>;
  pages: ReturnType<typeof useStripePages>;
  empty: string;
  /** i18n keys of the table's and the pager's names. */
  label: string;
  pagerLabel: string;
  testId: string;
  columns: ResponsiveColumn<T>[];
}) {
  const translate = useTranslate();
  const { shop } = useShop();
  const { query } = props;
  if (query.isPending) return <Pending />;
  if (query.error || !query.data?.data.length) return <Alert severity="info">{props.empty}</Alert>;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {timesIn(shop.timezone)}
      </Typography>
      <ResponsiveTable<T>
        aria-label={translate(props.label)}
        testId={props.testId}
        rows={query.data.data}
        rowKey={(r) => r.id}
        columns={props.columns}
      />
      <StripePager pages={props.pages} page={query.data} label={translate(props.pagerLabel)} />
    </>
  );
}
