// New Orders' first view, run before the console (see firstView.tsx): the board put together from the templates' parts
// for the shop's state, with its new orders, orders in progress and orders scheduled for later written into copies of
// the board's own cards: the same three columns, in the same order, as the console's board.
// A small classic script: no React, no console code.
import type { BusyState } from '../../domain/order';
import type { OrderProcessSettings } from '../../domain/orderProcess';
import { overdueMinutes } from '../../domain/overdue';
import type { ApiOrder } from '../../domain/orderView';
import type { ShopPreferences } from '../../domain/preferences';
import type { Shop } from '../../domain/shop';
import { shopFirstView } from '../../src/components/firstViewEarly';
import { boardLists, listPath, PRINT_ON_ACCEPT_KEY, SAMPLE_OVERDUE_MINUTES } from './boardData';
import { CARD_LINES, cartLine, collectionLine, extraLine, money, moreLines, noteLine, orderTitle, pausedLine, when } from './format';
import { i18n } from './i18n';
import { labels } from './labels';

interface BoardData {
  fresh: ApiOrder[];
  making: ApiOrder[];
  scheduled: ApiOrder[];
  busy: BusyState;
  preferences: ShopPreferences;
  /** The overdue monitor's settings; the defaults when this member may not read them (as the console's board). */
  order: OrderProcessSettings | undefined;
}

shopFirstView<BoardData>(
  async (get, shopId) => {
    const lists = boardLists(shopId);
    const shop = `/shops/${encodeURIComponent(shopId)}`;
    const [fresh, making, scheduled, busy, preferences, order] = await Promise.all([
      get<ApiOrder[]>(listPath(lists.fresh)),
      get<ApiOrder[]>(listPath(lists.making)),
      get<ApiOrder[]>(listPath(lists.scheduled)),
      get<BusyState>(`${shop}/orders/busy`),
      get<ShopPreferences>(`${shop}/preferences`),
      get<OrderProcessSettings>(`${shop}/settings/order`).catch(() => undefined),
    ]);
    return { fresh, making, scheduled, busy, preferences, order };
  },
  (copy, shop, data) => {
    const board = copy.querySelector<HTMLElement>('[data-testid="orders-dashboard"]');
    const usual = template(copy, 'orders');
    const empty = template(copy, 'empty');
    const other = template(copy, 'other');
    if (!board || !usual || !empty || !other) throw new Error('The board copy has lost its templates');
    const { fresh, making, scheduled, busy } = data;
    const now = Date.now();

    // The header: 'Acknowledge all' shows while an order rings (the usual template's sample rings).
    if (fresh.some((o) => !o.acknowledgedAt)) replace(board, usual, '[data-testid="orders-dashboard"] > :first-child');
    const subtitle = board.querySelector('h1')?.nextElementSibling;
    if (subtitle) subtitle.textContent = `${shop.timezone.slice(shop.timezone.lastIndexOf('/') + 1).replace(/_/g, ' ')} time`;

    // The sound (the member's, kept by the server) and ticket printing (this device's): the usual template has the
    // sound on and printing off, the other one the opposite.
    if (!data.preferences.soundOn) replace(board, other, '[data-part="board-controls"]');
    const printing = localStorage.getItem(PRINT_ON_ACCEPT_KEY) === 'on';
    if (printing !== !data.preferences.soundOn) replace(board, printing ? other : usual, '[data-part="print-switch"]');

    // Busy mode's notices, when on.
    if (busy.paused || busy.extraMinutes > 0) {
      const panel = replace(board, other, '[data-testid="busy-panel"]');
      notice(panel, 'paused', busy.paused ? pausedLine(busy, shop.timezone) : null);
      notice(panel, 'extra', busy.extraMinutes > 0 ? extraLine(busy, shop.timezone) : null);
    }

    const overdueChip = other.querySelector('[data-testid="order-overdue"]');
    const title = labels.menu.dashboard;
    section(board, fresh.length ? usual : empty, 'section[aria-labelledby="new-orders-title"]', '[data-testid="new-order"]', (samples) =>
      fresh.map((o) => {
        const el = card(samples[o.acknowledgedAt ? 1 : 0]!, o, shop, CARD_LINES.fresh);
        const minutes = overdueMinutes(o, data.order, now);
        if (minutes !== null && overdueChip) el.querySelector('[data-part="note"]')?.after(overdue(overdueChip, minutes));
        return el;
      }),
    );
    heading(board, '#new-orders-title', title, fresh.length);
    section(board, making.length ? usual : empty, '[data-testid="in-progress"]', '[data-testid="in-progress-order"]', (samples) =>
      making.map((o) => card(samples[0]!, o, shop, CARD_LINES.making)),
    );
    heading(board, '#in-progress-title', i18n.board.inProgress, making.length);
    // Scheduled: the usual template's first sample can still be accepted, its second is accepted (Reject alone).
    section(board, scheduled.length ? usual : empty, '[data-testid="scheduled"]', '[data-testid="scheduled-order"]', (samples) =>
      scheduled.map((o) => {
        const el = card(samples[o.actions.includes('accept') ? 0 : 1]!, o, shop, CARD_LINES.making);
        const chip = el.querySelector('[data-part="kitchen-at"] .MuiChip-label');
        if (chip) chip.textContent = i18n.board.kitchenAt.replace('%{time}', when(o.kitchenAt, shop.timezone));
        return el;
      }),
    );
    heading(board, '#scheduled-title', i18n.board.scheduled, scheduled.length);
    document.title = `${fresh.length ? `(${fresh.length}) ` : ''}${title} · ${shop.name} · Servery`;
  },
);

const template = (copy: HTMLElement, name: string) => copy.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`)?.content;

/** Puts the template's copy of the part at `selector` in place of the board's; answers the copy. */
function replace(board: HTMLElement, from: DocumentFragment, selector: string): Element {
  const target = board.parentElement?.querySelector(selector);
  const source = from.querySelector(selector)?.cloneNode(true) as Element | undefined;
  if (!target || !source) throw new Error(`The board copy has no ${selector}`);
  target.replaceWith(source);
  return source;
}

/** One of busy mode's notices: its words, or gone when that mode is off. */
function notice(panel: Element, part: string, text: string | null) {
  const alert = panel.querySelector(`[data-part="${part}"]`);
  const message = alert?.querySelector('.MuiAlert-message');
  if (text === null || !message) alert?.remove();
  else message.textContent = text;
}

/** The board's section `selector` as the template has it, its sample cards replaced by `cards(samples)`. */
function section(
  board: HTMLElement,
  from: DocumentFragment,
  selector: string,
  cardSelector: string,
  cards: (samples: Element[]) => Element[],
) {
  const source = replace(board, from, selector);
  const samples = [...source.querySelectorAll(cardSelector)];
  if (samples.length) samples[0]!.parentElement!.replaceChildren(...cards(samples));
}

function heading(board: HTMLElement, selector: string, title: string, count: number) {
  const el = board.querySelector(selector);
  if (el) el.textContent = `${title} ${count ? `(${count})` : ''}`;
}

/** The sample's overdue chip, saying `minutes` (its words and its tooltip name the sample's minutes). */
function overdue(chip: Element, minutes: number): Element {
  const el = chip.cloneNode(true) as Element;
  const sample = String(SAMPLE_OVERDUE_MINUTES);
  const label = el.querySelector('.MuiChip-label');
  if (label) label.textContent = label.textContent!.replace(sample, String(minutes));
  el.setAttribute('title', el.getAttribute('title')!.replace(sample, String(minutes)));
  return el;
}

/** A copy of a sample card, written with `o`: the same words the console's card writes (format.ts). */
function card(sample: Element, o: ApiOrder, shop: Shop, lines: number): Element {
  const el = sample.cloneNode(true) as HTMLElement;
  el.dataset.orderId = o.id;
  const link = el.querySelector('a');
  link?.setAttribute('href', `/shops/${encodeURIComponent(shop.id)}/orders/${encodeURIComponent(o.id)}`);
  link?.setAttribute('aria-label', i18n.board.open.replace('%{name}', o.customerName));
  const part = (name: string) => el.querySelector(`[data-part="${name}"]`);
  const write = (name: string, text: string) => {
    const p = part(name);
    if (p) p.textContent = text;
  };
  write('title', orderTitle(o));
  write('total', money(o.grandTotal, shop.country));
  write('collection', collectionLine(o, shop.timezone));
  write('note', noteLine(o, shop.timezone));
  const list = part('lines');
  const row = list?.querySelector('li');
  const more = part('more');
  if (list && row) {
    const rows = o.cart.items.slice(0, lines).map((l) => {
      const li = row.cloneNode(true) as Element;
      li.firstElementChild!.textContent = cartLine(l);
      return li;
    });
    const hidden = o.cart.items.length - lines;
    if (more && hidden > 0) more.textContent = moreLines(hidden);
    list.replaceChildren(...rows, ...(more && hidden > 0 ? [more] : []));
  }
  const comments = part('comments');
  if (comments && o.cart.comments) comments.textContent = `“${o.cart.comments}”`;
  else comments?.remove();
  return el;
}
