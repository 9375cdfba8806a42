import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { HistoryPage } from '../../../resources/bookings/HistoryPage';
import { renderInShop } from '../../helpers/renderInShop';
import { FakeEventSource } from '../../helpers/fakeEventSource';
import { bookingRow, bookingShop as shop, fakeBookingsApi } from '../../helpers/consoleBookings';

/** Booking History: the range on the shop's clock, latest booking first, status filter, search, and the later actions. */
beforeEach(() => FakeEventSource.install());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The history's last list filter (it always has a range; the count of waiting bookings and the probe have none). */
const lastList = (api: ReturnType<typeof fakeBookingsApi>) =>
  api.calls.filter((c) => c.action === 'list' && c.filter && 'date_gte' in c.filter).at(-1)?.filter;

/** Picks `option` in the MUI select labelled `label`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

// Generous: the page renders react-admin and MUI in jsdom, slow on a busy 2-core machine.
describe('Booking History', { timeout: 60_000 }, () => {
  /** Noon on 25 Nov 2026 in Sydney (01:00 UTC), three bookings, the page open on Today. */
  async function openHistory() {
    vi.useFakeTimers({ now: new Date('2026-11-25T01:00:00.000Z'), toFake: ['Date'] });
    const api = fakeBookingsApi([
      bookingRow({ name: 'Early Eve', date: '2026-11-24T22:00:00.000Z', status: 'ACCEPTED' }),
      bookingRow({ name: 'Late Lou', date: '2026-11-25T08:00:00.000Z', status: 'REJECTED', rejectReason: 'No Vacancy' }),
      bookingRow({ name: 'Next Week Ned', date: '2026-12-03T08:00:00.000Z' }),
    ]);
    renderInShop(<HistoryPage />, { shop, dataProvider: api.dataProvider });
    await screen.findByRole('table', { name: 'Booking History' });
    return api;
  }
  const names = () => screen.getAllByTestId('booking-row').map((r) => within(r).getAllByRole('cell')[1].textContent?.split(' · ')[0]);

  it("asks for today on the shop's clock, latest booking first", async () => {
    const api = await openHistory();
    // Today in Sydney: from its midnight (13:00 UTC the day before, daylight saving) to the end of the day.
    expect(lastList(api)).toEqual({ date_gte: '2026-11-24T13:00:00.000Z', date_lte: '2026-11-25T12:59:59.999Z' });
    expect(names()).toEqual(['Late Lou', 'Early Eve']);
    expect(screen.getAllByTestId('booking-row')[0].textContent).toContain('Rejected: No Vacancy');
  });

  it('narrows by status, and back to all', async () => {
    const api = await openHistory();
    await choose('Status', 'Accepted');
    await waitFor(() => expect(names()).toEqual(['Early Eve']));
    expect(lastList(api)).toMatchObject({ status: 'ACCEPTED' });
    await choose('Status', 'All statuses');
    await waitFor(() => expect(names()).toEqual(['Late Lou', 'Early Eve']));
    expect(lastList(api)).not.toHaveProperty('status');
  });

  it('offers the week from Monday and a custom month, both on the shop clock', async () => {
    const api = await openHistory();
    await choose('Date range', 'Week');
    // The week starts on Monday 23 Nov at midnight in Sydney.
    await waitFor(() => expect(lastList(api)).toEqual({ date_gte: '2026-11-22T13:00:00.000Z', date_lte: '2026-11-29T12:59:59.999Z' }));
    await choose('Date range', 'Custom');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-12' } });
    await waitFor(() => expect(names()).toEqual(['Next Week Ned']));
    expect(lastList(api)).toEqual({ date_gte: '2026-11-30T13:00:00.000Z', date_lte: '2026-12-31T12:59:59.999Z' });
  });

  it('searches by name or phone', async () => {
    const api = await openHistory();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search name or phone' }), { target: { value: 'lou' } });
    await waitFor(() => expect(lastList(api)).toMatchObject({ q: 'lou' }), { timeout: 3000 });
    await waitFor(() => expect(names()).toEqual(['Late Lou']));
  });

  it("says 'No Table Bookings Yet' only for a shop without bookings, and nothing waits there", async () => {
    renderInShop(<HistoryPage />, { shop, dataProvider: fakeBookingsApi([]).dataProvider });
    expect(await screen.findByText('No Table Bookings Yet')).toBeTruthy();
    expect(screen.queryByTestId('bookings-waiting')).toBeNull();
  });

  it('says how many bookings wait for an answer, with the way to New Bookings, beside an empty range', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T01:00:00.000Z'), toFake: ['Date'] });
    // Three waiting for later days (the default, NEW on Fri 27 Nov), one answered, none today.
    const rows = [bookingRow(), bookingRow(), bookingRow(), bookingRow({ status: 'ACCEPTED' })];
    renderInShop(<HistoryPage />, { shop, dataProvider: fakeBookingsApi(rows).dataProvider });
    expect(await screen.findByText('No bookings in this range')).toBeTruthy();
    expect(screen.queryByText('No Table Bookings Yet')).toBeNull();
    const waiting = await screen.findByTestId('bookings-waiting');
    expect(waiting.textContent).toContain('3 bookings are waiting for an answer');
    expect(within(waiting).getByRole('link', { name: 'New Bookings' }).getAttribute('href')).toBe('/shops/shop-1/bookings/dashboard');
  });

  it('says one booking waits above a range that has bookings', async () => {
    await openHistory();
    expect((await screen.findByTestId('bookings-waiting')).textContent).toContain('One booking is waiting for an answer');
  });

  it("offers No-show from the booking's exact minute on, as the server allows it", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T08:00:00.000Z'), toFake: ['Date'] });
    const due = bookingRow({ name: 'Dee Due', date: '2026-11-25T08:00:00.000Z', status: 'ACCEPTED' });
    const soon = bookingRow({ name: 'Sam Soon', date: '2026-11-25T08:01:00.000Z', status: 'ACCEPTED' });
    renderInShop(<HistoryPage />, { shop, dataProvider: fakeBookingsApi([due, soon]).dataProvider });
    await screen.findByRole('table', { name: 'Booking History' });
    const row = (name: string) => screen.getAllByTestId('booking-row').find((r) => r.textContent?.includes(name)) as HTMLElement;
    expect(within(row('Dee Due')).getByRole('button', { name: 'No-show' })).toBeTruthy();
    expect(within(row('Sam Soon')).queryByRole('button', { name: 'No-show' })).toBeNull();
  });

  it('offers Reject on an accepted booking, and No-show only once its time has passed; shows a 409 with the row as it now is', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T09:00:00.000Z'), toFake: ['Date'] });
    const past = bookingRow({ name: 'Pat Past', date: '2026-11-25T08:00:00.000Z', status: 'ACCEPTED' });
    const later = bookingRow({ name: 'Fay Future', date: '2026-11-25T11:00:00.000Z', status: 'ACCEPTED' });
    const cancelled = bookingRow({ name: 'Cy Cancelled', date: '2026-11-25T10:00:00.000Z', status: 'CANCELLED' });
    const api = fakeBookingsApi([past, later, cancelled]);
    renderInShop(
      <>
        <HistoryPage />
        <Notification />
      </>,
      { shop, dataProvider: api.dataProvider },
    );
    await screen.findByRole('table', { name: 'Booking History' });
    const row = (name: string) => screen.getAllByTestId('booking-row').find((r) => r.textContent?.includes(name)) as HTMLElement;
    // Every booking offers its alert mails; the actions that change it are the ones that depend on its state.
    const buttons = (name: string) =>
      within(row(name))
        .queryAllByRole('button')
        .map((b) => b.textContent)
        .filter((text) => text !== 'Alert mails');
    for (const name of ['Pat Past', 'Fay Future', 'Cy Cancelled'])
      expect(within(row(name)).getByRole('button', { name: `Alert mails for ${name}` })).toBeTruthy();
    expect(buttons('Pat Past')).toEqual(['Reject', 'No-show']);
    expect(buttons('Fay Future')).toEqual(['Reject']);
    expect(buttons('Cy Cancelled')).toEqual([]);
    expect(row('Cy Cancelled').textContent).toContain('Customer Cancelled');

    fireEvent.click(within(row('Pat Past')).getByRole('button', { name: 'No-show' }));
    expect(await screen.findByText('Marked as a no-show')).toBeTruthy();
    await waitFor(() => expect(within(row('Pat Past')).getByTestId('booking-status').textContent).toBe('AcceptedNo-show'));
    expect(buttons('Pat Past')).toEqual(['Reject']);

    // Another device rejects Fay's booking meanwhile; rejecting it here answers 409 and the row shows the new state.
    api.put({ ...later, status: 'REJECTED', rejectReason: 'Store Closed' });
    fireEvent.click(within(row('Fay Future')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject booking: Fay Future' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const message = 'This booking is already REJECTED; it was changed on another device. Reload to see it.';
    await waitFor(() => expect(screen.getByTestId('booking-notice').textContent).toBe(message));
    await waitFor(() => expect(within(row('Fay Future')).getByTestId('booking-status').textContent).toBe('Rejected: Store Closed'));
    expect(buttons('Fay Future')).toEqual([]);
    expect(api.calls.filter((c) => c.action === 'reject')).toEqual([{ action: 'reject', id: later.id, reason: 'No Vacancy' }]);
  });
});
