import type { Services } from '../../infra/context';
import { dispatchSoon } from './queue';
import { shopsWithEndpoints } from './repo';

/**
 * Wakes the dispatcher when a shop with endpoints writes an event: each process subscribes to those shops on the
 * events hub (its LISTEN/NOTIFY), so a change is usually on its way to the receivers within a moment of its commit.
 * The sweep catches whatever a wake misses (a process that was down, a dropped connection).
 */
export interface Waker {
  /** Listens for the shop's events from now on (idempotent). */
  watch(shopId: string): Promise<void>;
  /** Listens for every shop that has an endpoint switched on. */
  watchAll(): Promise<void>;
}

const wakers = new WeakMap<Services, Waker>();

/** One waker per app (routes and the sweep share it). */
export function wakerOf(services: Services): Waker {
  let waker = wakers.get(services);
  if (!waker) wakers.set(services, (waker = createWaker(services)));
  return waker;
}

function createWaker(services: Services): Waker {
  const watched = new Set<string>();
  const run = (shopId: string) => dispatchSoon(services, shopId);
  const watch = async (shopId: string) => {
    if (watched.has(shopId)) return;
    watched.add(shopId);
    try {
      const lastId = await services.events.latestId(shopId);
      await services.events.subscribe(shopId, { lastId, deliver: () => run(shopId) });
    } catch {
      // The sweep dispatches meanwhile, and tries to listen again on its next run.
      watched.delete(shopId);
    }
  };
  return {
    watch,
    async watchAll() {
      for (const shopId of await shopsWithEndpoints(services.db)) await watch(shopId);
    },
  };
}
