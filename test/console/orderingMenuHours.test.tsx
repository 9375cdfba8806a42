import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MenuList } from '../../storefront/components/MenuList';
import type { Menu } from '../../storefront/types';

/** The ordering page's menu: a category outside its hours is greyed with when it is offered, its items not addable. */
afterEach(cleanup);

const item = (id: string, name: string) => ({
  id,
  type: 'BASIC' as const,
  name,
  description: '',
  discounted: false,
  price: 12,
  image: null,
  attributes: [],
});
const menu: Menu = {
  shop: { id: 's', name: 'Corner Cafe', currency: 'AUD', timezone: 'Australia/Sydney' },
  categories: [
    {
      name: 'Breakfast',
      description: '',
      image: null,
      items: [],
      soldOut: [],
      offered: { dows: ['MON', 'TUE', 'WED', 'THU', 'FRI'], from: '06:00', to: '11:00' },
      offeredNow: false,
      notOfferedNow: [{ id: 'eggs', name: 'Eggs', description: '', price: 12, image: null }],
    },
    {
      name: 'All day',
      description: '',
      image: null,
      items: [item('soup', 'Soup')],
      soldOut: [],
      offered: null,
      offeredNow: true,
      notOfferedNow: [],
    },
  ],
  pizza: null,
  delivery: { minOrderValue: 0, suburbs: [] },
};

describe('the ordering page menu and category hours', () => {
  it('greys a category outside its hours with when it is offered, and offers nothing in it to add', () => {
    const onOpen = vi.fn();
    render(
      <MenuList
        menu={menu}
        locale={{ locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' }}
        now={new Date()}
        onOpen={onOpen}
        canOrder
      />,
    );
    const breakfast = screen.getByRole('region', { name: 'Breakfast' });
    within(breakfast).getByText('Offered 6:00–11:00 on weekdays');
    within(breakfast).getByText('Eggs');
    within(breakfast).getByText('Not now');
    expect(within(breakfast).queryByRole('button')).toBeNull();
    const allDay = screen.getByRole('region', { name: 'All day' });
    expect(within(allDay).getByRole('button', { name: 'Add Soup' })).toBeTruthy();
    expect(within(allDay).queryByText(/^Offered/)).toBeNull();
  });
});
