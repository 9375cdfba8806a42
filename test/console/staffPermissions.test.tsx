import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { ItemList } from '../../resources/catalog/items/ItemList';
import { StaffPermissionsPanel } from '../../resources/staff/StaffPermissionsPanel';
import { allows } from '../../src/contracts/access';
import { defaultStaffPermissions, type StaffPermissions } from '../../domain/staffPermissions';
import type { Shop } from '../../domain/shop';

/** What the console offers staff follows the shop's staff permissions (the server enforces the same ones). */
const shopWith = (permissions: StaffPermissions) =>
  ({ id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU', permissions }) as Shop;
const item = {
  id: 'item-1',
  type: 'BASIC',
  name: 'Flat White',
  price: 4,
  availability: { soldOut: false, until: null },
  attributes: [],
  created: '2026-11-01T00:00:00.000Z',
  updated: '2026-11-01T00:00:00.000Z',
};
const itemsProvider = () =>
  ({ ...testDataProvider(), getList: async () => ({ data: [item], total: 1 }), getSetting: async () => ({}) }) as unknown as DataProvider;

afterEach(cleanup);

describe('staff permissions in the console', () => {
  it('answers each permission: ADMINs and super admins always, USERs as the shop says', () => {
    const none = { catalog: false, posts: false, reports: false, bankAccount: false };
    for (const p of ['catalog', 'posts', 'reports', 'bankAccount'] as const) {
      expect(allows('ADMIN', p, none)).toBe(true);
      expect(allows('SUPER_ADMIN', p, none)).toBe(true);
      expect(allows('USER', p, none)).toBe(false);
      expect(allows('USER', p, { ...none, [p]: true })).toBe(true);
    }
    // A shop read without them (a list's row) counts as the defaults: no bank account for staff.
    expect(allows('USER', 'bankAccount', undefined)).toBe(false);
    expect(allows('USER', 'catalog', undefined)).toBe(true);
  });

  it('a USER without the catalog permission sees the items and their sold-out switches, but no edit controls', async () => {
    renderInShop(<ItemList />, { shop: shopWith({ ...defaultStaffPermissions, catalog: false }), dataProvider: itemsProvider() });
    expect(await screen.findByText('Flat White', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('switch', { name: /Flat White/ })).toBeTruthy();
    for (const name of ['New Item', 'Open Flat White', 'Copy Flat White', 'Delete Flat White'])
      expect(screen.queryByRole('button', { name }), name).toBeNull();
  });

  it('a USER with the catalog permission gets them (the control for the test above)', async () => {
    renderInShop(<ItemList />, { shop: shopWith(defaultStaffPermissions), dataProvider: itemsProvider() });
    expect(await screen.findByText('Flat White', {}, { timeout: 5000 })).toBeTruthy();
    for (const name of ['New Item', 'Open Flat White', 'Copy Flat White', 'Delete Flat White'])
      expect(screen.getByRole('button', { name }), name).toBeTruthy();
  });

  it('an ADMIN turns on the bank account for staff and saves the whole document', async () => {
    const putSetting = vi.fn(async (_shopId: string, _kind: string, value: unknown) => value);
    const dataProvider = { ...testDataProvider(), getSetting: async () => defaultStaffPermissions, putSetting } as unknown as DataProvider;
    renderInShop(<StaffPermissionsPanel />, { shop: shopWith(defaultStaffPermissions), dataProvider, role: 'ADMIN' });
    const bank = await screen.findByRole('switch', { name: 'Change the bank account and payout schedule' }, { timeout: 5000 });
    expect((bank as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/Replace the bank account payouts go to/)).toBeTruthy();
    fireEvent.click(bank);
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() =>
      expect(putSetting).toHaveBeenCalledWith('shop-1', 'staff_permissions', { ...defaultStaffPermissions, bankAccount: true }),
    );
  });

  it('a USER sees what they are allowed, read-only', async () => {
    const dataProvider = { ...testDataProvider(), getSetting: async () => defaultStaffPermissions } as unknown as DataProvider;
    renderInShop(<StaffPermissionsPanel />, { shop: shopWith(defaultStaffPermissions), dataProvider });
    const catalog = await screen.findByRole('switch', { name: 'Edit the catalog' }, { timeout: 5000 });
    expect((catalog as HTMLInputElement).checked).toBe(true);
    expect((catalog as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Change the bank account and payout schedule' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
