import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { BookingTab } from '../../../resources/settings/tabs/BookingTab';
import { defaultBooking, type BookingSettings } from '../../../domain/booking';
import { renderInShop } from '../../helpers/renderInShop';
import { bookingShop as shop } from '../../helpers/consoleBookings';

/** The Table Booking tab: one card per weekday, every input with a name, and each session's optional capacity. */
afterEach(cleanup);

function renderTab(stored: BookingSettings) {
  const putSetting = vi.fn(async (_shopId: string, _kind: string, value: BookingSettings) => value);
  const dataProvider = { ...testDataProvider(), getSetting: async () => stored, putSetting } as unknown as DataProvider;
  renderInShop(<BookingTab />, { shop, dataProvider, role: 'ADMIN' });
  return putSetting;
}

describe('the Table Booking tab', () => {
  // 84 inputs of react-admin in jsdom: slow on a busy machine.
  it('lays out the seven days as cards, each with breakfast, lunch and dinner, and every input labelled', { timeout: 90_000 }, async () => {
    renderTab({ ...defaultBooking, on: true });
    const days = await screen.findAllByTestId('booking-day');
    expect(days.map((d) => d.querySelector('h3')?.textContent)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    const monday = days[1]!;
    expect(monday.getAttribute('aria-labelledby')).toBe(monday.querySelector('h3')?.id);
    for (const meal of ['Breakfast', 'Lunch', 'Dinner']) {
      const session = within(monday).getByRole('group', { name: `Monday ${meal}` });
      expect(within(session).getByRole('switch', { name: meal })).toBeTruthy();
      expect(within(session).getByLabelText('Open')).toBeTruthy();
      expect(within(session).getByRole('spinbutton', { name: 'Duration (hours)' })).toBeTruthy();
      expect(within(session).getByRole('spinbutton', { name: 'Capacity' })).toBeTruthy();
    }
    // Nothing on the tab lacks a name.
    for (const input of document.querySelectorAll('input:not([type=hidden]), textarea')) {
      const id = input.getAttribute('id');
      const named =
        input.getAttribute('aria-label') ||
        input.getAttribute('aria-labelledby') ||
        (id && document.querySelector(`label[for="${id}"]`)) ||
        input.closest('label');
      expect(named, `${input.outerHTML} has no label`).toBeTruthy();
    }
  });

  it("saves a session's capacity, and an emptied capacity as no limit", { timeout: 90_000 }, async () => {
    const stored: BookingSettings = {
      ...defaultBooking,
      on: true,
      friday: { ...defaultBooking.friday, lunch: { on: true, open: '12:00', duration: 4, capacity: 30 } },
    };
    const putSetting = renderTab(stored);
    const friday = (await screen.findAllByTestId('booking-day'))[5]!;
    const dinner = within(friday).getByRole('group', { name: 'Friday Dinner' });
    fireEvent.click(within(dinner).getByRole('switch', { name: 'Dinner' }));
    fireEvent.change(within(dinner).getByRole('spinbutton', { name: 'Capacity' }), { target: { value: '40' } });
    const lunch = within(friday).getByRole('group', { name: 'Friday Lunch' });
    expect((within(lunch).getByRole('spinbutton', { name: 'Capacity' }) as HTMLInputElement).value).toBe('30');
    fireEvent.change(within(lunch).getByRole('spinbutton', { name: 'Capacity' }), { target: { value: '' } });
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(putSetting).toHaveBeenCalledTimes(1));
    const saved = putSetting.mock.calls[0]![2];
    expect(saved.friday.dinner).toEqual({ on: true, open: '17:00', duration: 5, capacity: 40 });
    expect(saved.friday.lunch).toEqual({ on: true, open: '12:00', duration: 4, capacity: null });
  });
});
