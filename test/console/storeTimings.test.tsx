import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { TimingsEdit } from '../../resources/timings/TimingsEdit';
import { TimingsView } from '../../resources/timings/TimingsView';
import { defaultTimings, type Timings } from '../../domain/timings';
import type { Closure } from '../../domain/closures';
import type { Shop } from '../../domain/shop';
import { hoursBetween } from '../../resources/timings/sessionTimes';

/** Store Timings: an open and a close time (the duration follows), 'Closed' for a session that is off, closures changed in place. */
const shop = { id: 'shop-1', name: 'Bean There', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
afterEach(cleanup);

const timings = (): Timings => ({
  ...defaultTimings,
  sunday: { ...defaultTimings.sunday, pickup: { open: '09:00', duration: 6, available: true }, pickupAvailable: true },
});

describe('hoursBetween', () => {
  it('counts from open to close, past midnight when the close is earlier', () => {
    expect(hoursBetween('09:00', '15:30')).toBe(6.5);
    expect(hoursBetween('20:00', '02:00')).toBe(6);
    expect(hoursBetween('10:00', '10:00')).toBe(24);
  });
});

describe('TimingsEdit', () => {
  it('takes an open and a close time and stores the duration that follows; a new open time keeps the close', async () => {
    const putSetting = vi.fn(async (_shopId: string, _kind: string, value: Timings) => value);
    renderInShop(<TimingsEdit />, {
      shop,
      role: 'ADMIN',
      dataProvider: { ...testDataProvider(), getSetting: async () => timings(), putSetting } as unknown as DataProvider,
    });
    const close = await screen.findByLabelText('Sunday Pickup close', undefined, { timeout: 5000 });
    expect((close as HTMLInputElement).value).toBe('15:00');
    expect(screen.getByTestId('sunday.pickup-duration').textContent).toBe('6 h');
    fireEvent.change(close, { target: { value: '16:30' } });
    await waitFor(() => expect(screen.getByTestId('sunday.pickup-duration').textContent).toBe('7 h 30 min'));
    fireEvent.change(screen.getByLabelText('Sunday Pickup open'), { target: { value: '22:00' } });
    // The close stays at 4:30 pm, so the session now runs overnight.
    await waitFor(() => expect(screen.getByTestId('sunday.pickup-duration').textContent).toBe('18 h 30 min (next day)'));
    expect((screen.getByLabelText('Sunday Pickup close') as HTMLInputElement).value).toBe('16:30');
    fireEvent.change(screen.getByLabelText('Sunday Pickup open'), { target: { value: '08:00' } });
    await waitFor(() => expect(screen.getByTestId('sunday.pickup-duration').textContent).toBe('8 h 30 min'));
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(putSetting).toHaveBeenCalled());
    expect(putSetting.mock.calls[0]![2].sunday.pickup).toEqual({ open: '08:00', duration: 8.5, available: true });
    // The week's 28 sessions make a large form for jsdom.
  }, 90_000);
});

describe('TimingsView and its closures', () => {
  const closure: Closure = { id: 'c1', date: '2030-12-25', note: 'Christmas Day', pickup: true, delivery: { open: '17:00', duration: 3 } };

  it("says 'Closed' for a session that is off, and changes a closure in place", async () => {
    const updateClosure = vi.fn(async (_s: string, id: string, body: object) => ({ id, ...body }));
    renderInShop(<TimingsView />, {
      shop,
      role: 'ADMIN',
      dataProvider: {
        ...testDataProvider(),
        getSetting: async () => timings(),
        getClosures: async () => [closure],
        updateClosure,
      } as unknown as DataProvider,
    });
    const monday = (await screen.findAllByTestId('timings-row', undefined, { timeout: 5000 })).find((r) =>
      r.textContent?.includes('Monday'),
    )!;
    expect(within(monday).getAllByText('Closed').length).toBe(4);
    expect(screen.queryByText('NA')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Change the closure on Wed, Dec 25th 2030' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Closure' });
    expect((within(dialog).getByLabelText('Note') as HTMLInputElement).value).toBe('Christmas Day');
    const closes = within(dialog).getAllByLabelText('Closes');
    expect((closes[0] as HTMLInputElement).value).toBe('20:00');
    fireEvent.change(closes[0]!, { target: { value: '21:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateClosure).toHaveBeenCalled());
    expect(updateClosure.mock.calls[0]!.slice(0, 3)).toEqual([
      'shop-1',
      'c1',
      { date: '2030-12-25', note: 'Christmas Day', pickup: true, delivery: { open: '17:00', duration: 4.5 } },
    ]);
  });
});
