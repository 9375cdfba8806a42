// New Orders' first view (the counter's tablet opens the board cold, on a slow line): the board while its lists
// load, and templates of its parts in each state they can be in (a ringing card, a quiet one, an overdue one, a card in
// progress, a scheduled card still to answer and one accepted, the empty lists, the switches on and off, busy mode's
// notices), which boardEarly.ts puts together with the shop's data. Rendered by the build only.
import type { ShopFirstView } from '../../src/contracts/firstView';
import type { ApiOrder } from '../../domain/orderView';
import type { Shop } from '../../domain/shop';
import { NOT_BUSY, type BusyState } from '../../domain/order';
import { defaultOrderProcess } from '../../domain/orderProcess';
import { defaultShopPreferences } from '../../domain/preferences';
import { shopPreferencesKey } from '../../src/components/alerts';
import { settingsKey } from '../../src/components/settingsQuery';
import { busyKey } from './BusyPanel';
import { boardLists, listKey, PRINT_ON_ACCEPT_KEY, SAMPLE_OVERDUE_MINUTES } from './boardData';
import { DashboardPage } from './DashboardPage';

/** A sample order with seven lines (more than a card lists) and a comment: every part of a card is in its template. */
function sample(shop: Shop, n: number, over: Partial<ApiOrder>): ApiOrder {
  const items = Array.from({ length: 7 }, (_, i) => ({
    itemId: `i${i}`,
    name: 'Item',
    summary: 'Choice',
    quantity: 1,
    unitPrice: 1,
    total: 1,
  }));
  return {
    id: `sample-${n}`,
    number: 1000 + n,
    shopId: shop.id,
    status: 'OK',
    message: null,
    orderStatusRestaurant: 'NEW',
    paymentStatus: 'UNPAID',
    mobile: '',
    customerName: 'Customer',
    collectionType: 'PICKUP',
    collectionTime: null,
    paymentType: 'CASH',
    placedAt: new Date().toISOString(),
    previousOrderCount: 0,
    applicationFee: 0,
    grandTotal: 1,
    eta: null,
    rejectReason: null,
    acknowledgedAt: null,
    acceptedAt: null,
    completedAt: null,
    stage: 'placed',
    markedReadyAt: null,
    kitchenAt: null,
    scheduled: false,
    cart: {
      currency: 'AUD',
      items,
      collectionName: null,
      customerName: 'Customer',
      collectionType: 'PICKUP',
      collectionTime: null,
      paymentType: 'CASH',
      deliveryAddress: null,
      subtotal: 1,
      deliveryCharges: 0,
      discount: 0,
      loyaltyDiscount: 0,
      creditCardSurcharge: 0,
      creditCardSurchargeMessage: null,
      grandTotal: 1,
      coupon: null,
      comments: 'Comment',
    },
    actions: ['accept', 'reject'],
    ...over,
  };
}

const quiet = NOT_BUSY;
const SAMPLE_USER = 'user';

/** The board with these lists, in the given state of its switches and busy mode. */
function board(
  shop: Shop,
  fresh: ApiOrder[],
  making: ApiOrder[],
  scheduled: ApiOrder[],
  state: { busy?: BusyState; soundOn?: boolean; printOnAccept?: boolean } = {},
) {
  const lists = boardLists(shop.id);
  const page = (data: ApiOrder[]) => ({ data, total: data.length });
  return {
    element: <DashboardPage />,
    data: [
      [listKey(lists.fresh), page(fresh)],
      [listKey(lists.making), page(making)],
      [listKey(lists.scheduled), page(scheduled)],
      [busyKey(shop.id), state.busy ?? quiet],
      [['auth', 'getIdentity'], { id: SAMPLE_USER, fullName: '' }],
      [shopPreferencesKey(shop.id, SAMPLE_USER), { ...defaultShopPreferences, soundOn: state.soundOn ?? true }],
      [settingsKey(shop.id, 'order'), { ...defaultOrderProcess, hasUnprocessedOrderMonitor: true, unprocessedOrderAlertMinutes: 5 }],
    ] as Array<[unknown[], unknown]>,
    storage: { [PRINT_ON_ACCEPT_KEY]: state.printOnAccept ? 'on' : 'off' },
  };
}

export const firstView: ShopFirstView = {
  script: 'boardEarly.ts',
  render: (shop) => {
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    const ringing = sample(shop, 1, { placedAt: ago(0) });
    const seen = sample(shop, 2, { placedAt: ago(0), acknowledgedAt: ago(0) });
    const inProgress = sample(shop, 3, {
      orderStatusRestaurant: 'ACCEPTED',
      acknowledgedAt: ago(0),
      acceptedAt: ago(0),
      eta: { display: '15 minutes', time: ago(-15) },
      actions: ['complete'],
    });
    // Scheduled: one still to answer (Accept and Reject on it), then one accepted (Reject alone).
    const due = { collectionTime: ago(-120), kitchenAt: ago(-100), scheduled: true };
    const scheduled = [
      sample(shop, 4, { ...due, acknowledgedAt: ago(0) }),
      sample(shop, 5, {
        ...due,
        orderStatusRestaurant: 'ACCEPTED',
        acknowledgedAt: ago(0),
        acceptedAt: ago(0),
        eta: { display: 'As Requested', time: ago(-120) },
        actions: ['reject', 'complete'],
      }),
    ];
    return {
      page: { element: <DashboardPage /> },
      templates: {
        // The board as most often: the sound on, no ticket printing, not busy, no order overdue.
        orders: board(shop, [ringing, seen], [inProgress], scheduled),
        empty: board(shop, [], [], []),
        // Each of those the other way: the parts boardEarly.ts takes when the shop's state asks for them.
        other: board(shop, [{ ...ringing, placedAt: ago(SAMPLE_OVERDUE_MINUTES) }], [inProgress], scheduled, {
          soundOn: false,
          printOnAccept: true,
          busy: { ...NOT_BUSY, paused: true, pausedUntil: ago(-30), extraMinutes: 10, extraUntil: ago(-30) },
        }),
      },
    };
  },
};
