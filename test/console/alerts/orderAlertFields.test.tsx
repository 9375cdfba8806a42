import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { OrderTab } from '../../../resources/settings/tabs/OrderTab';
import { autoRejectAfterAlertMessage, defaultOrderProcess, type OrderProcessSettings } from '../../../domain/orderProcess';
import type { Shop } from '../../../domain/shop';
import { renderInShop } from '../../helpers/renderInShop';

/** The order settings' alert fields on the Order Settings tab: the monitor's delay and its escalation, checked as typed. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;

function renderTab(stored: OrderProcessSettings) {
  const putSetting = vi.fn(async (_shopId: string, _kind: string, value: OrderProcessSettings) => value);
  const dataProvider = { ...testDataProvider(), getSetting: async () => stored, putSetting } as unknown as DataProvider;
  renderInShop(<OrderTab />, { shop, dataProvider, role: 'ADMIN' });
  return putSetting;
}

const number = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

afterEach(cleanup);

describe('the alert fields of the Order Settings tab', () => {
  it(
    'shows the delay and the escalation under the monitor, and saves them with the rest of the document',
    { timeout: 60_000 },
    async () => {
      const putSetting = renderTab(defaultOrderProcess);
      await screen.findByRole('switch', { name: 'Unprocessed order monitor' });
      expect(number('Alert after (minutes)').value).toBe('5');
      expect((screen.getByRole('switch', { name: 'Alert again at twice the delay' }) as HTMLInputElement).checked).toBe(true);
      expect(screen.queryByRole('spinbutton', { name: 'Reject after (minutes)' })).toBeNull();

      fireEvent.change(number('Alert after (minutes)'), { target: { value: '10' } });
      fireEvent.click(screen.getByRole('switch', { name: 'Reject unanswered orders automatically' }));
      const rejectAfter = await screen.findByRole('spinbutton', { name: 'Reject after (minutes)' });
      fireEvent.change(rejectAfter, { target: { value: '8' } });
      expect(await screen.findByText(autoRejectAfterAlertMessage)).toBeTruthy();
      await waitFor(() => expect(save().disabled).toBe(true));

      fireEvent.change(rejectAfter, { target: { value: '30' } });
      await waitFor(() => expect(save().disabled).toBe(false));
      fireEvent.click(save());
      await waitFor(() => expect(putSetting).toHaveBeenCalledTimes(1));
      expect(putSetting).toHaveBeenCalledWith('shop-1', 'order', {
        ...defaultOrderProcess,
        unprocessedOrderAlertMinutes: 10,
        autoRejectUnprocessed: true,
        autoRejectAfterMinutes: 30,
      });
    },
  );

  it('hides the delay and the escalation while the monitor is off', { timeout: 60_000 }, async () => {
    renderTab({ ...defaultOrderProcess, hasUnprocessedOrderMonitor: false });
    await screen.findByRole('switch', { name: 'Unprocessed order monitor' });
    expect(screen.queryByRole('spinbutton', { name: 'Alert after (minutes)' })).toBeNull();
    expect(screen.getByLabelText('Unprocessed order alert emails')).toBeTruthy();
  });

  it('offers the self-pause on, after 3 orders; says what fits, and hides the number while it is off', { timeout: 60_000 }, async () => {
    const putSetting = renderTab(defaultOrderProcess);
    const pause = await screen.findByRole('switch', { name: 'Pause new orders when orders go unanswered' });
    expect((pause as HTMLInputElement).checked).toBe(true);
    const after = number('Pause after (orders in a row)');
    expect(after.value).toBe('3');
    fireEvent.change(after, { target: { value: '25' } });
    expect(await screen.findByText('Pause after should be between 1 and 20 orders')).toBeTruthy();
    await waitFor(() => expect(save().disabled).toBe(true));
    fireEvent.change(after, { target: { value: '5' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(pause);
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: 'Pause after (orders in a row)' })).toBeNull());
    fireEvent.click(save());
    await waitFor(() => expect(putSetting).toHaveBeenCalledTimes(1));
    expect(putSetting).toHaveBeenCalledWith('shop-1', 'order', {
      ...defaultOrderProcess,
      autoPauseUnanswered: false,
      autoPauseAfterOrders: 5,
    });
  });
});
