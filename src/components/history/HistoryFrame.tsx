import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslate, type RaRecord } from 'react-admin';
import { Alert, Button, Pagination, useMediaQuery, type Breakpoint, type Theme } from '@mui/material';
import { timesIn } from '../../../domain/dates';
import { useShop } from '../../contracts/shopContext';
import { EmptyState, PageHeader } from '../PageHeader';
import { Pending } from '../Pending';
import { ResponsiveTable, type ResponsiveColumn } from '../ResponsiveTable';
import { HistoryFilters } from './HistoryFilters';
import { HISTORY_PER_PAGE, type History } from './useHistory';

/**
 * The frame of a history page (Order History, Booking History): the header on the shop's clock with the area's
 * buttons, the filters (useHistory's), the area's notices, then the list: pending, the empty state, or the table (cards
 * below `cardsBelow`) with its pages. A row with a `rowPath` opens there, by a click on it or its View button (a card
 * is itself the button). `empty.text` undefined: the page is still finding out which words fit.
 */
export function HistoryFrame<R extends RaRecord>({
  history,
  title,
  headerActions,
  notices,
  columns,
  cardsBelow = 'md',
  rowTestId,
  rowPath,
  actions,
  empty,
}: {
  history: History<R>;
  title: string;
  headerActions?: ReactNode;
  notices?: ReactNode;
  /** The columns, told whether the list shows as cards. */
  columns: (cards: boolean) => ResponsiveColumn<R>[];
  cardsBelow?: Breakpoint;
  rowTestId: string;
  rowPath?: (record: R) => string;
  actions?: (record: R) => ReactNode;
  empty: { icon: ReactNode; text: string | undefined };
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { shop } = useShop();
  const cards = useMediaQuery((theme: Theme) => theme.breakpoints.down(cardsBelow));
  const { data, total, isPending, error } = history.list;
  const open = rowPath ? (r: R) => navigate(rowPath(r)) : undefined;
  const view = open && !cards;
  const rowActions =
    actions || view
      ? (r: R) => (
          <>
            {actions?.(r)}
            {view && (
              <Button size="small" onClick={() => open(r)} sx={{ minHeight: 44 }}>
                {translate('servery.history.view')}
              </Button>
            )}
          </>
        )
      : undefined;

  return (
    <>
      <PageHeader inShop title={title} subtitle={timesIn(shop.timezone)} actions={headerActions} />
      <HistoryFilters history={history} />
      {notices}
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <Pending />
      ) : history.empty ? (
        empty.text === undefined ? (
          <Pending />
        ) : (
          <EmptyState icon={empty.icon} text={empty.text} />
        )
      ) : (
        <>
          <ResponsiveTable
            aria-label={title}
            rows={data ?? []}
            columns={columns(cards)}
            rowKey={(r) => String(r.id)}
            onOpen={open}
            cardsBelow={cardsBelow}
            testId={rowTestId}
            actions={rowActions}
          />
          {(total ?? 0) > HISTORY_PER_PAGE && (
            <Pagination
              sx={{ mt: 2 }}
              count={Math.ceil((total ?? 0) / HISTORY_PER_PAGE)}
              page={history.page}
              onChange={(_, p) => history.setPage(p)}
            />
          )}
        </>
      )}
    </>
  );
}
