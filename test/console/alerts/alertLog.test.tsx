import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError, Notification, testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../../helpers/renderInShop';
import { AlertLog, AlertLogButton } from '../../../src/components/AlertLog';
import type { Alert as AlertRow } from '../../../domain/alerts';
import type { Shop } from '../../../domain/shop';

/** An order's (or booking's) alert log: every mail with its status in words, and Resend only on a failed one. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
const row = (over: Partial<AlertRow>): AlertRow => ({
  id: 'a1',
  kind: 'ORDER_PLACED',
  to: 'owner@example.com',
  subject: 'New order from Ada',
  status: 'SENT',
  attempts: 1,
  lastError: null,
  createdAt: '2026-03-02T01:00:00.000Z',
  sentAt: '2026-03-02T01:00:05.000Z',
  orderId: 'o1',
  bookingId: null,
  ...over,
});
const LOG = [
  row({ id: 'sent' }),
  row({ id: 'failed', to: 'kitchen@example.com', status: 'FAILED', attempts: 8, lastError: '550 mailbox unavailable', sentAt: null }),
  row({ id: 'retrying', kind: 'ORDER_UNPROCESSED', to: 'boss@example.com', status: 'RETRYING', attempts: 2, sentAt: null }),
];

function renderLog(api: Record<string, unknown>, ui = <AlertLog subject={{ orderId: 'o1' }} />) {
  const dataProvider = { ...testDataProvider(), ...api } as unknown as DataProvider;
  return renderInShop(
    <>
      {ui}
      <Notification />
    </>,
    { shop, dataProvider },
  );
}

const rowOf = async (to: string) => {
  const rows = await screen.findAllByTestId('alert-row');
  const found = rows.find((r) => within(r).queryByText(to));
  if (!found) throw new Error(`no row for ${to}`);
  return found;
};

afterEach(cleanup);

describe("an order's alert log", () => {
  it('lists each mail with its kind and status in words, and offers Resend only on the failed one', async () => {
    const getAlertLog = vi.fn(async () => LOG);
    renderLog({ getAlertLog });
    expect(within(await rowOf('owner@example.com')).getByText('Sent')).toBeTruthy();
    expect(within(await rowOf('owner@example.com')).getByText('New order')).toBeTruthy();
    const failed = await rowOf('kitchen@example.com');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('8 attempts')).toBeTruthy();
    expect(within(failed).getByText('550 mailbox unavailable')).toBeTruthy();
    const retrying = await rowOf('boss@example.com');
    expect(within(retrying).getByText('Retrying')).toBeTruthy();
    expect(within(retrying).getByText('Order not accepted in time')).toBeTruthy();

    expect(screen.getAllByRole('button', { name: /^Resend/ })).toHaveLength(1);
    expect(within(failed).getByRole('button', { name: 'Resend the alert to kitchen@example.com' })).toBeTruthy();
    expect(getAlertLog).toHaveBeenCalledWith('shop-1', { orderId: 'o1' });
  });

  it('resends a failed mail and reads the log again', async () => {
    let log = LOG;
    const getAlertLog = vi.fn(async () => log);
    const resendAlert = vi.fn(async () => {
      log = log.map((a) => (a.id === 'failed' ? { ...a, status: 'QUEUED' as const } : a));
      return log[1];
    });
    renderLog({ getAlertLog, resendAlert });
    fireEvent.click(within(await rowOf('kitchen@example.com')).getByRole('button', { name: /^Resend/ }));
    await waitFor(() => expect(resendAlert).toHaveBeenCalledWith('shop-1', 'failed'));
    expect(await screen.findByText('The alert will be sent again.')).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf('kitchen@example.com')).getByText('Queued')).toBeTruthy());
    expect(screen.queryAllByRole('button', { name: /^Resend/ })).toHaveLength(0);
  });

  it("shows the server's message when the mail can no longer be resent", async () => {
    const resendAlert = vi.fn(async () =>
      Promise.reject(new HttpError('Only a failed alert can be sent again', 409, { message: 'Only a failed alert can be sent again' })),
    );
    renderLog({ getAlertLog: async () => LOG, resendAlert });
    fireEvent.click(within(await rowOf('kitchen@example.com')).getByRole('button', { name: /^Resend/ }));
    expect(await screen.findByText('Only a failed alert can be sent again')).toBeTruthy();
  });

  it('says so when nothing was sent', async () => {
    renderLog({ getAlertLog: async () => [] });
    expect(await screen.findByText('No alert mails have been sent for this one.')).toBeTruthy();
  });

  it("opens a booking's log in a dialog from its button", async () => {
    const getAlertLog = vi.fn(async () => [row({ kind: 'BOOKING_PLACED', orderId: null, bookingId: 'b1' })]);
    renderLog({ getAlertLog }, <AlertLogButton subject={{ bookingId: 'b1' }} name="Ada" />);
    fireEvent.click(screen.getByRole('button', { name: 'Alert mails for Ada' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('New booking')).toBeTruthy();
    expect(getAlertLog).toHaveBeenCalledWith('shop-1', { bookingId: 'b1' });
  });
});
