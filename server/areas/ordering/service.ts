import { readSettings, SETTINGS } from '../../../domain/settings';
import { currencyOf } from '../../../domain/money';
import { addDays, localDate } from '../../../domain/hours';
import { openState } from '../../../domain/openState';
import { phoneForDisplay } from '../../../domain/contact';
import { closedBookingDates, MEALS, type BookingSettings } from '../../../domain/booking';
import type { Closure } from '../../../domain/closures';
import { perWeekday } from '../../../domain/weekdays';
import { activeStripePk } from '../../../domain/platform';
import type { Services } from '../../infra/context';
import { activeAccount } from '../../infra/payments/accounts';
import { mediaImageOf } from '../../infra/images/mediaImage';
import { shopNotFound } from '../../infra/storefront/publishedShop';
import { loadShopHours } from '../timings';
import { busyState } from '../orders';
import { readRemoteConfig } from '../platform';
import { loadPageShop } from './repo';
import type { ShopPage } from './schemas';

/** Days of openings the open state looks at: the day before (a session past midnight) and the week ahead. */
const STATE_DAYS = 10;

/** What the ordering page needs beyond the menu: the shop, whether and when it takes orders, how a customer may pay. */
export async function shopPage(services: Services, shopId: string): Promise<ShopPage> {
  const { db, clock } = services;
  const row = await loadPageShop(shopId, db);
  if (!row) throw shopNotFound(shopId);
  const now = clock.now();
  const checkout = readSettings(SETTINGS.checkout, row.checkout);
  const contact = readSettings(SETTINGS.contact, row.contact);
  const booking = readSettings(SETTINGS.booking, row.booking);
  const today = localDate(now, row.timezone);
  // Bookings look further ahead than the open state: the closures read cover both.
  const days = booking.on ? Math.max(STATE_DAYS, booking.numDaysInAdvance + 1) : STATE_DAYS;
  const [hours, busy, payment] = await Promise.all([
    loadShopHours(row.id, db, row.timezone, addDays(today, -1), days),
    busyState(row.id, db, now),
    paymentOf(services, row.id),
  ]);
  const state = openState(hours, now);
  const pickup = checkout.collectionType === 'PICKUP_AND_DELIVERY' || checkout.collectionType === 'PICKUP_ONLY';
  const delivery = checkout.collectionType === 'PICKUP_AND_DELIVERY' || checkout.collectionType === 'DELIVERY_ONLY';
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    shop: {
      id: row.id,
      name: row.name,
      description: row.description,
      locality: row.locality,
      logo: row.logo?.path ? mediaImageOf(services.config.publicUrl)(row.logo) : null,
      address: contact.address || null,
      phone: contact.phone || null,
      phoneDisplay: contact.phone ? phoneForDisplay(contact.phone, row.country) : null,
      country: row.country,
      currency: currencyOf(row.country),
      locale: `en-${row.country}`,
      timeZone: row.timezone,
    },
    state: {
      open: state.open,
      until: iso(state.until),
      opens: iso(state.opens),
      paused: busy.paused,
      pausedUntil: busy.pausedUntil,
      extraMinutes: busy.extraMinutes,
      takesOrders: (pickup || delivery) && !busy.paused,
    },
    checkout: {
      pickup,
      delivery,
      laterTime: checkout.hasCollectionTime,
      sameDayOnly: checkout.collectionTime === 'CAFE',
      maxDaysAhead: checkout.maxDaysAhead,
      coupons: checkout.hasCoupons,
      comments: checkout.hasComments,
      cash: checkout.hasCash,
      card: payment.provider !== 'none',
      collectionName: checkout.hasCollectionName ? checkout.collectionName : null,
      surcharge: checkout.creditCardSurchargeEnabled
        ? {
            amount: checkout.creditCardSurchargeAmount,
            percentage: checkout.creditCardSurchargePercentage,
            minimumOrderValue: checkout.creditCardSurchargeMinimumOrderValue,
          }
        : null,
    },
    booking: bookingOf(booking, hours.closures, today),
    payment,
  };
}

/**
 * What a customer needs to ask for a table: the guests allowed, how far ahead, each weekday's open sessions and the
 * days the shop is closed. Each session's capacity stays on the server: booking answers when one is full, in the
 * shop's words.
 */
function bookingOf(
  b: BookingSettings,
  closures: readonly Pick<Closure, 'date' | 'pickup' | 'delivery'>[],
  today: string,
): ShopPage['booking'] {
  if (!b.on) return null;
  return {
    showLink: b.showLinkOnMenuPage,
    minPax: b.minPax,
    maxPax: b.maxPax,
    daysAhead: b.numDaysInAdvance,
    closedDates: closedBookingDates(closures, today, addDays(today, b.numDaysInAdvance)),
    days: perWeekday((day) =>
      MEALS.filter((m) => b[day][m].on && b[day][m].duration > 0).map((m) => ({
        session: m,
        open: b[day][m].open,
        duration: b[day][m].duration,
      })),
    ),
  };
}

/**
 * How the page takes a card: the simulated provider's test cards, or Stripe's Payment Element on the shop's connected
 * account (its publishable key and account id are public by design); none when Stripe is on but the shop cannot take
 * cards yet.
 */
async function paymentOf(services: Services, shopId: string): Promise<ShopPage['payment']> {
  if (services.payments.name !== 'stripe') return { provider: 'simulated' };
  const [account, remote] = await Promise.all([activeAccount(shopId, services.db), readRemoteConfig(services.db)]);
  const publishableKey = activeStripePk(remote);
  if (!account || !publishableKey) return { provider: 'none' };
  return { provider: 'stripe', publishableKey, accountId: account.accountId };
}
