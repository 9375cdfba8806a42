import { describe, expect, it } from 'vitest';
import { kitchenHoldUntil, prepMinutes, defaultKitchen } from '../../domain/kitchen';
import { canMarkReady, orderStage } from '../../domain/order';
import { arrivesAccepted } from '../../resources/orders/liveOrders';
import { boardOrder } from '../helpers/consoleOrders';

const MIN = 60_000;
const now = new Date('2026-11-25T01:00:00Z');

describe('the prep time rule (domain/kitchen.ts)', () => {
  it("is the collection type's Ready in minutes", () => {
    expect(prepMinutes(defaultKitchen.pickup)).toBe(20);
    expect(prepMinutes({ readyInMinutes: 45 })).toBe(45);
  });

  it('holds an order asked for later than now + the prep time until that time minus the prep time', () => {
    const at = (minutes: number) => new Date(now.getTime() + minutes * MIN);
    expect(kitchenHoldUntil({ now, requested: at(90), prepMinutes: 20 })).toEqual(at(70));
    // Within the prep time, at it, or as soon as possible: the kitchen has it now.
    expect(kitchenHoldUntil({ now, requested: at(20), prepMinutes: 20 })).toBeNull();
    expect(kitchenHoldUntil({ now, requested: at(10), prepMinutes: 20 })).toBeNull();
    expect(kitchenHoldUntil({ now, requested: null, prepMinutes: 20 })).toBeNull();
  });
});

describe('the ready stage (domain/order.ts)', () => {
  const accepted = { status: 'OK', orderStatusRestaurant: 'ACCEPTED', paymentType: 'CASH', paymentStatus: 'UNPAID', completedAt: null };
  it('is a stage of ACCEPTED before completion; completing still ends it', () => {
    expect(orderStage(accepted)).toBe('accepted');
    expect(orderStage({ ...accepted, markedReadyAt: now })).toBe('ready');
    expect(orderStage({ ...accepted, markedReadyAt: now, completedAt: now })).toBe('completed');
    expect(canMarkReady(accepted)).toBe(true);
    expect(canMarkReady({ ...accepted, markedReadyAt: now })).toBe(false);
    expect(canMarkReady({ ...accepted, completedAt: now })).toBe(false);
    expect(canMarkReady({ ...accepted, orderStatusRestaurant: 'NEW' })).toBe(false);
  });
});

describe('what chimes on the board (resources/orders/liveOrders.ts)', () => {
  const acceptedNow = boardOrder('a', { orderStatusRestaurant: 'ACCEPTED' });
  const waiting = boardOrder('s', { orderStatusRestaurant: 'ACCEPTED', scheduled: true });
  it('an order arriving accepted, or an accepted scheduled one whose time came; never a NEW one (it rings) or one still waiting', () => {
    expect(arrivesAccepted('order.created', acceptedNow, undefined)).toBe(true);
    expect(arrivesAccepted('order.created', waiting, undefined)).toBe(false);
    expect(arrivesAccepted('order.updated', { ...waiting, scheduled: false }, waiting)).toBe(true);
    // Accepting a NEW order by hand, marking one ready, or an accepted order changing again: no chime.
    expect(arrivesAccepted('order.updated', acceptedNow, boardOrder('a'))).toBe(false);
    expect(arrivesAccepted('order.updated', { ...acceptedNow, stage: 'ready' }, acceptedNow)).toBe(false);
    // A NEW scheduled order reaching the kitchen rings (New Orders), it does not chime.
    const newWaiting = boardOrder('n', { scheduled: true });
    expect(arrivesAccepted('order.updated', { ...newWaiting, scheduled: false }, newWaiting)).toBe(false);
  });
});
