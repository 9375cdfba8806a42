import pg from 'pg';

/** One row of shop_events as a stream delivers it. */
export interface ShopEvent {
  id: number;
  type: string;
  /** As stored, or as the presenter made it for delivery (null: nothing to deliver but the id). */
  data: Record<string, unknown> | null;
}

/** Turns a page of a shop's stored events into what its streams deliver (registry.ts registryPresenter). */
export type EventPresenter = (shopId: string, events: ShopEvent[]) => Promise<ShopEvent[]>;

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
  /**
   * Calls `listener` with the id of a user whose access may have ended (a NOTIFY on ACCESS_CHANNEL, from any process),
   * and with null after the LISTEN connection was down, when anyone's may have. Answers how to stop.
   */
  onAccessChange(listener: (userId: string | null) => void): () => void;
  /** Presents each page read once, before it goes to the shop's subscribers (the app sets it from the areas' declarations). */
  usePresenter(present: EventPresenter): void;
  close(): Promise<void>;
}

export const EVENTS_CHANNEL = 'shop_events';
/** Sessions ending, sellers leaving a shop, super admins demoted: triggers (migration stream_access_notify) notify the user's id. */
export const ACCESS_CHANNEL = 'stream_access';
const PAGE = 500;
const MAX_BACKOFF_MS = 5_000;

/**
 * Live updates across server processes. PostgreSQL holds the events (shop_events, written in the transaction of the
 * change); NOTIFY on EVENTS_CHANNEL with the shop id only wakes listeners, which then read the rows after the last id
 * each subscriber has. So a lost notification or a dropped LISTEN connection loses nothing: after reconnecting, the
 * hub reads every subscribed shop again from where its subscribers stand. Reads of one shop never overlap, and a read
 * gives a subscriber rows only when it started at or before that subscriber's last id (one that joined behind it
 * while it was in flight waits for the next read), so each subscriber sees every event once and in order.
 */
export function pgEventHub(pool: pg.Pool, directUrl: string, log: (msg: string) => void = () => undefined): EventHub {
  const shops = new Map<string, Set<Subscriber>>();
  const draining = new Map<string, Promise<void>>();
  const dirty = new Set<string>();
  const accessListeners = new Set<(userId: string | null) => void>();
  let listener: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retrying: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let backoff = 100;
  let present: EventPresenter = async (_shopId, events) => events;

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
      const events = await present(
        shopId,
        rows.map((r) => ({ id: Number(r.seq), type: r.type, data: r.data })),
      );
      for (const sub of shops.get(shopId) ?? []) {
        // Joined during the query, behind where it started: these rows would leave a gap (its events up to `from`),
        // so it waits for the next read, which starts from it.
        if (sub.lastId < from) {
          dirty.add(shopId);
          continue;
        }
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
      // LISTEN lasts the session: straight to the database, past any pooler in front of it.
      const client = new pg.Client({ connectionString: directUrl });
      client.on('notification', (msg) => {
        if (msg.channel === ACCESS_CHANNEL) {
          if (msg.payload) for (const l of accessListeners) l(msg.payload);
        } else if (msg.payload && shops.has(msg.payload)) void drain(msg.payload);
      });
      const lost = () => {
        if (listener !== client) return;
        listener = null;
        client.removeAllListeners('notification');
        client.end().catch(() => undefined);
        retryLater();
      };
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
        await client.query(`LISTEN ${ACCESS_CHANNEL}`);
        await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      } catch (e) {
        client.end().catch(() => undefined);
        throw e;
      }
      listener = client;
      backoff = 100;
      if (closed) await client.end();
    })().finally(() => (connecting = null));
    return connecting;
  }

  function retryLater() {
    if (closed || retrying) return;
    retrying = setTimeout(() => {
      retrying = null;
      void reconnect();
    }, backoff);
  }

  async function reconnect() {
    try {
      await connect();
    } catch (e) {
      log(`events: LISTEN connection failed: ${(e as Error).message}`);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      retryLater();
      return;
    }
    // Whatever was written, and whoever lost access, while nobody listened is caught up on now.
    for (const l of accessListeners) l(null);
    await Promise.all([...shops.keys()].map((s) => drain(s)));
  }

  return {
    async subscribe(shopId, sub) {
      closed = false;
      let subs = shops.get(shopId);
      if (!subs) shops.set(shopId, (subs = new Set()));
      subs.add(sub);
      try {
        await connect();
      } catch (e) {
        // The subscriber stays: the reconnection reads every subscribed shop once LISTEN is up again.
        log(`events: LISTEN connection failed: ${(e as Error).message}`);
        retryLater();
      }
      // Replays what the subscriber missed; the LISTEN above is up (or its reconnection will read again), so nothing
      // falls between.
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
    usePresenter(p) {
      present = p;
    },
    onAccessChange(l) {
      accessListeners.add(l);
      return () => void accessListeners.delete(l);
    },
    async close() {
      closed = true;
      if (retrying) clearTimeout(retrying);
      retrying = null;
      shops.clear();
      accessListeners.clear();
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
