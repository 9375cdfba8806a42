import { useState } from 'react';
import { Button, Stack } from '@mui/material';

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

export function StripePager({ pages, page, label }: { pages: ReturnType<typeof useStripePages>; page: { data: { id: string }[]; has_more: boolean }; label: string }) {
  return (
    <Stack component="nav" aria-label={label} direction="row" sx={{ gap: 1, mt: 2, justifyContent: 'flex-end' }}>
      <Button disabled={!pages.newer} onClick={pages.newer}>
        Newer
      </Button>
      <Button disabled={!page.has_more} onClick={() => pages.older(page.data.at(-1)!.id)}>
        Older
      </Button>
    </Stack>
  );
}
