import { z } from 'zod';
import type { ShopEventDeclarations } from '../../infra/events';
import { soldOutEvent, type SoldOutEvent } from '../../../domain/catalog/soldOutList';

declare module '../../infra/events/registry' {
  interface ShopEventPayloads {
    'item.sold_out': SoldOutEvent;
    'item.restored': SoldOutEvent;
    'menu.updated': MenuUpdated;
  }
}

const menuUpdated = z.object({ updatedAt: z.string().describe('when the menu was saved (ISO instant)') });
type MenuUpdated = z.infer<typeof menuUpdated>;

/** What the board's 'Sold out' panel follows, and what the webhooks area maps to its types. */
export const catalogEvents: ShopEventDeclarations = {
  'item.sold_out': {
    description: 'an item, one value of its choices or one of its toppings sold out (until a time, or until brought back)',
    schema: soldOutEvent,
  },
  'item.restored': {
    description: 'a sold-out item, value or topping back on sale: brought back by a member, or by the clock at its time',
    schema: soldOutEvent,
  },
  'menu.updated': {
    description: 'the menu (its categories, their order, items and hours) was saved: read it again',
    schema: menuUpdated,
  },
};
