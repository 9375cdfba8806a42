import pg from 'pg';

/** One row of shop_events as a stream delivers it. */
export interface ShopEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
}

export interface Subscriber {
  /** The last event id this subscriber has (it gets every later one, in order, exactly once). */
  lastId: number;
  deliver(events: ShopEvent[]): void;
}

export interface EventHub {
  /** Starts delivering the shop's events after `sub.lastId` (replaying what it missed first). */
  subscribe(shopId: string, sub: Subscriber): Promise<() => void>;
  /** The newest event id of a shop (0 before its first), where a stream without Last-Event-ID starts. */
  latestId(shopId: string): Promise<number>;
  close(): Promise<void>;
}

export const EVENTS_CHANNEL = 'shop_events';
const PAGE = 500;
const MAX_BACKOFF_MS = 5_000;

/**
 * Live updates across server processes. PostgreSQL holds the events (shop_events, written in the transaction of the
 * change); NOTIFY on EVENTS_CHANNEL with the shop id only wakes listeners, which then read the rows after the last id
 * each subscriber has. So a lost notification or a dropped LISTEN connection loses nothing: after reconnecting, the
 * hub reads every subscribed shop again from where its subscribers stand. Reads of one shop never overlap, so each
 * subscriber sees every event once and in order.
 */
export function pgEventHub(pool: pg.Pool, log: (msg: string) => void = () => undefined): EventHub {
  const shops = new Map<string, Set<Subscriber>>();
  const draining = new Map<string, Promise<void>>();
  const dirty = new Set<string>();
  let listener: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let backoff = 100;

  async function read(shopId: string): Promise<void> {
    const subs = shops.get(shopId);
    if (!subs?.size) return;
    let from = Math.min(...[...subs].map((s) => s.lastId));
    for (;;) {
      const { rows } = await pool.query<{ seq: number; type: string; data: Record<string, unknown> }>(
        'SELECT seq, type, data FROM shop_events WHERE shop_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
        [shopId, from, PAGE],
      );
      if (!rows.length) return;
      const events = rows.map((r) => ({ id: Number(r.seq), type: r.type, data: r.data }));
      for (const sub of shops.get(shopId) ?? []) {
        const fresh = events.filter((e) => e.id > sub.lastId);
        if (!fresh.length) continue;
        sub.lastId = fresh[fresh.length - 1].id;
        sub.deliver(fresh);
      }
      from = events[events.length - 1].id;
      if (rows.length < PAGE) return;
    }
  }

  /** Reads a shop now, or once more right after the read in progress (coalescing bursts of notifications). */
  function drain(shopId: string): Promise<void> {
    const running = draining.get(shopId);
    if (running) {
      dirty.add(shopId);
      return running;
    }
    const run = (async () => {
      do {
        dirty.delete(shopId);
        try {
          await read(shopId);
        } catch (e) {
          log(`events: reading shop ${shopId} failed: ${(e as Error).message}`);
          dirty.add(shopId);
          await new Promise((r) => setTimeout(r, 200));
          if (closed) return;
        }
      } while (dirty.has(shopId) && !closed);
    })().finally(() => draining.delete(shopId));
    draining.set(shopId, run);
    return run;
  }

  function connect(): Promise<void> {
    if (listener || closed) return Promise.resolve();
    if (connecting) return connecting;
    connecting = (async () => {
      const client = new pg.Client(pool.options);
      client.on('notification', (msg) => {
        if (msg.payload && shops.has(msg.payload)) void drain(msg.payload);
      });
      const lost = () => {
        if (listener !== client) return;
        listener = null;
        client.removeAllListeners('notification');
        client.end().catch(() => undefined);
        if (!closed) setTimeout(() => void reconnect(), backoff);
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      listener = client;
      backoff = 100;
      if (closed) await client.end();
    })().finally(() => (connecting = null));
    return connecting;
  }

  async function reconnect() {
    try {
      await connect();
      // Whatever was written while nobody listened is read now.
      await Promise.all([...shops.keys()].map((s) => drain(s)));
    } catch (e) {
      log(`events: LISTEN connection failed: ${(e as Error).message}`);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      if (!closed) setTimeout(() => void reconnect(), backoff);
    }
  }

  return {
    async subscribe(shopId, sub) {
      closed = false;
      await connect();
      let subs = shops.get(shopId);
      if (!subs) shops.set(shopId, (subs = new Set()));
      subs.add(sub);
      // Replays what the subscriber missed; the LISTEN above is already up, so nothing falls between.
      void drain(shopId);
      return () => {
        subs.delete(sub);
        if (!subs.size && shops.get(shopId) === subs) shops.delete(shopId);
      };
    },
    async latestId(shopId) {
      const { rows } = await pool.query<{ last_seq: number }>('SELECT last_seq FROM shop_event_counters WHERE shop_id = $1', [shopId]);
      return rows[0] ? Number(rows[0].last_seq) : 0;
    },
    async close() {
      closed = true;
      shops.clear();
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
