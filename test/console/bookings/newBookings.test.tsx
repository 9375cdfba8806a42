import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, Notification, type AuthProvider, type DataProvider } from 'react-admin';
import { i18nProvider } from '../../../src/providers';
import { ShopContext } from '../../../src/contracts/shopContext';
import { DashboardPage } from '../../../resources/bookings/DashboardPage';
import { NewBookingsBadge } from '../../../resources/bookings/NewBookingsBadge';
import { FakeEventSource } from '../../helpers/fakeEventSource';
import { bookingRow, bookingShop as shop, fakeBookingsApi } from '../../helpers/consoleBookings';

/** New Bookings: live arrival over the event stream, the ring until acknowledged, the count, the actions and a lost race (409). */
const signedIn: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ isSuperAdmin: false }),
  getIdentity: async () => ({ id: 'u1', fullName: 'Front Desk Fran' }),
};

function renderBoard(dataProvider: DataProvider) {
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} authProvider={signedIn} store={memoryStore()}>
        <ShopContext.Provider value={{ shop, role: 'USER', access: 'USER', refetch: () => undefined }}>
          <nav aria-label="sidebar">
            New Bookings <NewBookingsBadge shopId={shop.id} />
          </nav>
          <DashboardPage />
        </ShopContext.Provider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const board = () => screen.getByTestId('bookings-dashboard');

beforeEach(() => {
  localStorage.clear();
  FakeEventSource.install();
});
afterEach(cleanup);

// Generous: the board renders react-admin and MUI in jsdom, slow on a busy 2-core machine.
describe('New Bookings', { timeout: 60_000 }, () => {
  it("says 'No Table Bookings Yet' when nothing waits, and shows no count", async () => {
    renderBoard(fakeBookingsApi([]).dataProvider);
    expect(await screen.findByText('No Table Bookings Yet')).toBeTruthy();
    expect(screen.queryByTestId('new-bookings-count')).toBeNull();
    expect(board().dataset.ringing).toBe('false');
  });

  it('shows a booking arriving over the stream without a reload: who, how many, when on the shop clock, the request, the guest', async () => {
    const api = fakeBookingsApi([]);
    renderBoard(api.dataProvider);
    await screen.findByText('No Table Bookings Yet');
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));

    const booking = bookingRow({
      name: 'Rita Ring',
      specialRequest: 'A high chair, please',
      guest: { bookings: 3, noShows: 1, orders: 5 },
    });
    api.put(booking);
    act(() => FakeEventSource.current().emit('booking.created', booking));

    const arrived = await screen.findByRole('article', { name: 'Rita Ring' });
    expect(arrived.textContent).toContain('4 guests');
    // 8:00 UTC on 27 Nov is 7 pm in Sydney (daylight saving time).
    expect(within(arrived).getByTestId('booking-when').textContent).toBe('Fri, Nov 27th 7:00 pm');
    expect(arrived.textContent).toContain('A high chair, please');
    expect(arrived.textContent).toContain('Waiting for Approval');
    expect(within(arrived).getByTestId('guest-summary').textContent).toBe('3 earlier bookings · 1 no-show · 5 orders');
    const call = within(arrived).getByRole('link', { name: 'Call Rita Ring on 0412 345 678' });
    expect(call.getAttribute('href')).toBe('tel:+61412345678');
    expect(screen.getByText('Sydney time')).toBeTruthy();

    // The count beside the sidebar entry and in the tab title; it rings until someone has seen it.
    await waitFor(() => expect(screen.getByTestId('new-bookings-count').textContent).toBe('1'));
    await waitFor(() => expect(document.title).toBe('(1) New Bookings · Harbour Beans · Servery'));
    expect(board().dataset.ringing).toBe('true');
    fireEvent.click(within(arrived).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(board().dataset.ringing).toBe('false'));
    // On the server, so it stops ringing on every device.
    expect(api.calls.filter((c) => c.action === 'acknowledge')).toEqual([{ action: 'acknowledge', id: booking.id }]);
  });

  it('accepts a booking: it leaves the board and the count goes', async () => {
    const api = fakeBookingsApi([bookingRow({ name: 'Ann Accept' })]);
    renderBoard(api.dataProvider);
    const arrived = await screen.findByRole('article', { name: 'Ann Accept' });
    await waitFor(() => expect(screen.getByTestId('new-bookings-count').textContent).toBe('1'));
    fireEvent.click(within(arrived).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Booking accepted')).toBeTruthy();
    await screen.findByText('No Table Bookings Yet');
    expect(api.calls.filter((c) => c.action === 'accept')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('new-bookings-count')).toBeNull());
  });

  it("rejects with the reason chosen: 'No Vacancy' or 'Store Closed'", async () => {
    const first = bookingRow({ name: 'Rex Reject', date: '2026-11-27T07:00:00.000Z' });
    const api = fakeBookingsApi([first, bookingRow({ name: 'Sid Second' })]);
    renderBoard(api.dataProvider);
    fireEvent.click(within(await screen.findByRole('article', { name: 'Rex Reject' })).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject booking: Rex Reject' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['No Vacancy', 'Store Closed']);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Store Closed' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Booking rejected')).toBeTruthy();
    expect(api.calls.find((c) => c.action === 'reject')).toEqual({ action: 'reject', id: first.id, reason: 'Store Closed' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Rex Reject' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Sid Second' })).toBeTruthy();
  });

  it('lists the soonest booking first', async () => {
    const later = bookingRow({ name: 'Late Lou', date: '2026-11-28T08:00:00.000Z' });
    const sooner = bookingRow({ name: 'Early Eve', date: '2026-11-26T22:00:00.000Z' });
    renderBoard(fakeBookingsApi([later, sooner]).dataProvider);
    await screen.findByRole('article', { name: 'Late Lou' });
    expect(
      screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby') && within(a).getByRole('heading').textContent),
    ).toEqual(['Early Eve', 'Late Lou']);
  });

  it("shows the server's message and the booking as it now is when another device moved it first (409)", async () => {
    const booking = bookingRow({ name: 'Cora Cancel', guest: { bookings: 1, noShows: 0, orders: 2 } });
    const api = fakeBookingsApi([booking]);
    renderBoard(api.dataProvider);
    const shown = await screen.findByRole('article', { name: 'Cora Cancel' });
    // The customer cancels while the page still shows the booking as new (no event reached it yet).
    api.put({ ...booking, status: 'CANCELLED' });
    fireEvent.click(within(shown).getByRole('button', { name: 'Accept' }));

    const message = 'This booking is already CANCELLED; it was changed on another device. Reload to see it.';
    await waitFor(() => expect(screen.getByTestId('booking-notice').textContent).toBe(message));
    const now = screen.getByRole('article', { name: 'Cora Cancel' });
    expect(within(now).getByTestId('booking-status').textContent).toBe('Customer Cancelled');
    expect(within(now).getByTestId('guest-summary').textContent).toBe('1 earlier booking · 0 no-shows · 2 orders');
    expect(within(now).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(now).queryByRole('button', { name: 'Reject' })).toBeNull();
    // The toast says it too (the console's one error path).
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);
    fireEvent.click(within(now).getByRole('button', { name: 'Dismiss' }));
    await screen.findByText('No Table Bookings Yet');
  });

  it("shows a customer's cancellation live as 'Customer Cancelled' until dismissed; a booking accepted elsewhere just leaves", async () => {
    const booking = bookingRow({ name: 'Cal Customer' });
    const other = bookingRow({ name: 'Otto Elsewhere' });
    const api = fakeBookingsApi([booking, other]);
    renderBoard(api.dataProvider);
    await screen.findByRole('article', { name: 'Cal Customer' });
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    api.put({ ...booking, status: 'CANCELLED' });
    act(() => FakeEventSource.current().emit('booking.updated', { ...booking, status: 'CANCELLED' }));
    await waitFor(() => expect(screen.getByTestId('booking-notice').textContent).toBe('The customer cancelled this booking.'));
    const cancelled = screen.getByRole('article', { name: 'Cal Customer' });
    expect(within(cancelled).getByTestId('booking-status').textContent).toBe('Customer Cancelled');
    expect(within(cancelled).queryByRole('button', { name: 'Accept' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('new-bookings-count').textContent).toBe('1'));

    api.put({ ...other, status: 'ACCEPTED' });
    act(() => FakeEventSource.current().emit('booking.updated', { ...other, status: 'ACCEPTED' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Otto Elsewhere' })).toBeNull());
    fireEvent.click(within(cancelled).getByRole('button', { name: 'Dismiss' }));
    await screen.findByText('No Table Bookings Yet');
  });

  it("opens the guest's earlier bookings with their states and no-shows", async () => {
    const booking = bookingRow({ name: 'Hal History', guest: { bookings: 2, noShows: 1, orders: 0 } });
    const api = fakeBookingsApi(
      [booking],
      [
        { id: 'h1', dateStr: '2026-10-02', timeStr: '18:30', pax: 2, status: 'ACCEPTED', noShow: true },
        { id: 'h2', dateStr: '2026-09-12', timeStr: '12:00', pax: 6, status: 'CANCELLED', noShow: false },
      ],
    );
    renderBoard(api.dataProvider);
    const shown = await screen.findByRole('article', { name: 'Hal History' });
    fireEvent.click(within(shown).getByRole('button', { name: 'Guest history of Hal History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guest history: Hal History' });
    await waitFor(() => expect(within(dialog).getAllByTestId('guest-booking')).toHaveLength(2));
    const [first, second] = within(dialog).getAllByTestId('guest-booking');
    expect(first.textContent).toContain('Fri, Oct 2nd 2026 6:30 pm');
    expect(first.textContent).toContain('2 guests');
    expect(first.textContent).toContain('No-show');
    expect(second.textContent).toContain('Customer Cancelled');
  });
});
