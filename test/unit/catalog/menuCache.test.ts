import { describe, expect, it } from 'vitest';
import { coalesce, MenuCache } from '../../../server/areas/catalog/menuCache';

const entry = (key: string, validUntil: number, body = key) => ({ key, validUntil, body, etag: `"${body}"`, gzip: Buffer.from(body) });

describe('MenuCache', () => {
  it('keeps a menu while its key and the clock hold, and builds again when either changes', async () => {
    const cache = new MenuCache(10);
    let builds = 0;
    const get = (key: string, now: number) => cache.get('shop', key, now, async () => (builds++, entry(key, 100, `${key}#${builds}`)));
    expect((await get('v1', 0)).body).toBe('v1#1');
    expect((await get('v1', 50)).body).toBe('v1#1');
    expect((await get('v2', 50)).body).toBe('v2#2');
    expect((await get('v2', 100)).body).toBe('v2#3');
  });
  it('builds once for callers arriving together, and forgets the least recently built shop past its size', async () => {
    const cache = new MenuCache(2);
    let builds = 0;
    const build = async () => (builds++, entry('k', Infinity));
    await Promise.all([cache.get('a', 'k', 0, build), cache.get('a', 'k', 0, build), cache.get('a', 'k', 0, build)]);
    expect(builds).toBe(1);
    await cache.get('b', 'k', 0, build);
    await cache.get('c', 'k', 0, build);
    await cache.get('a', 'k', 0, build);
    expect(builds).toBe(4);
  });
});

describe('coalesce', () => {
  it('shares one lookup among callers while it is in flight, and looks up again afterwards', async () => {
    const once = coalesce<number>();
    let calls = 0;
    const lookup = () => new Promise<number>((r) => setTimeout(() => r(++calls), 5));
    expect(await Promise.all([once('s', lookup), once('s', lookup), once('t', lookup)])).toEqual([1, 1, 2]);
    expect(await once('s', lookup)).toBe(3);
  });
});
