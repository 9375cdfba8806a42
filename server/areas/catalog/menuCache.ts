/**
 * The serialized storefront menu per shop, valid while the shop's catalog version, its time zone and the clock
 * (until the menu's next time-driven change) stay the same. The version lives in PostgreSQL, so a write through any
 * process invalidates every process's copy on its next request. Bounded: the least recently built entry goes first.
 */
interface CachedMenu {
  key: string;
  validUntil: number;
  body: string;
  etag: string;
  /** The body gzipped once per build: a 200-item menu is ~150 KB of JSON and ~10 KB gzipped. */
  gzip: Buffer;
}

export class MenuCache {
  private entries = new Map<string, CachedMenu>();
  private building = new Map<string, Promise<CachedMenu>>();
  constructor(private readonly max: number) {}

  /** The cached menu when it still holds for `key` at `now`, else the one `build` makes (one build per shop at a time). */
  async get(shopId: string, key: string, now: number, build: () => Promise<CachedMenu>): Promise<CachedMenu> {
    const hit = this.entries.get(shopId);
    if (hit && hit.key === key && now < hit.validUntil) return hit;
    const flightKey = `${shopId} ${key}`;
    let pending = this.building.get(flightKey);
    if (!pending) {
      pending = build().finally(() => this.building.delete(flightKey));
      this.building.set(flightKey, pending);
    }
    const built = await pending;
    this.entries.delete(shopId);
    this.entries.set(shopId, built);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return built;
  }
}

/**
 * Request coalescing: callers asking for the same key while a lookup is in flight share its answer instead of each
 * sending the query. The answer is at most one query's latency old, the same as if the request had come a moment
 * sooner; a write that commits later is seen by the next lookup.
 */
export function coalesce<T>() {
  const inFlight = new Map<string, Promise<T>>();
  return (key: string, lookup: () => Promise<T>): Promise<T> => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = lookup().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
