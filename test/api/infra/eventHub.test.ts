import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { pgEventHub, type EventHub, type ShopEvent } from '../../../server/infra/events';
import { seedOrder } from '../../helpers/orders';

/*
 * The hub on its own, over a pool whose next query can be held until the test lets it go: a read is caught in flight
 * and the race it is in plays out the same way every time.
 */
let w: ShopWorld;
let hub: EventHub;
let hold: { reached: () => void; released: Promise<void> } | null = null;

/** Holds the hub's next query before it is sent; answers when it got there and how to let it go. */
function holdNextQuery() {
  let reached!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((r) => (reached = r));
  hold = { reached, released: new Promise<void>((r) => (release = r)) };
  return { arrived, release };
}

beforeAll(async () => {
  w = await shopWorld();
  const pool = w.ctx.pool;
  const held = Object.create(pool) as pg.Pool;
  held.query = (async (...args: unknown[]) => {
    const h = hold;
    hold = null;
    if (h) {
      h.reached();
      await h.released;
    }
    return (pool.query as (...a: unknown[]) => unknown).apply(pool, args);
  }) as never;
  hub = pgEventHub(held, w.ctx.services.directUrl);
});
afterAll(async () => {
  await hub.close();
  await w.ctx.close();
});

/** A subscriber that records the ids it gets and can wait for one. */
function recorder(lastId: number) {
  const got: number[] = [];
  const waiting = new Map<number, () => void>();
  return {
    got,
    sub: {
      lastId,
      deliver(events: ShopEvent[]) {
        for (const e of events) {
          got.push(e.id);
          waiting.get(e.id)?.();
        }
      },
    },
    until: (id: number) => (got.includes(id) ? Promise.resolve() : new Promise<void>((r) => waiting.set(id, r))),
  };
}

describe('event hub', () => {
  it('gives a subscriber that joins while a read is in flight every event after its own last id', async () => {
    const shopId = w.shop.id;
    for (let i = 0; i < 3; i++) await seedOrder(w.ctx, shopId);
    const latest = await hub.latestId(shopId);
    // A dashboard that is up to date, so the hub's reads of this shop start after the newest id.
    const current = recorder(latest);
    await hub.subscribe(shopId, current.sub);

    // The read woken by the next order is held in flight (it asks for the ids after `latest`)...
    const read = holdNextQuery();
    await seedOrder(w.ctx, shopId);
    await read.arrived;
    // ...while a reconnecting dashboard two events behind joins.
    const behind = recorder(latest - 2);
    await hub.subscribe(shopId, behind.sub);
    read.release();

    await current.until(latest + 1);
    await behind.until(latest + 1);
    expect(current.got).toEqual([latest + 1]);
    expect(behind.got).toEqual([latest - 1, latest, latest + 1]);
  });
});
