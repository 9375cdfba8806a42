import { describe, expect, it } from 'vitest';
import { placeInList } from '../../src/components/live/placeInList';

/** A live board writing an event's record into a list it shows: in, moved, out, with the total kept right. */
type R = { id: string; at: string; note?: string };
const byAt = (a: R, b: R) => a.at.localeCompare(b.at);
const page = (...data: R[]) => ({ data, total: data.length });
const ids = (p: { data: R[] }) => p.data.map((r) => r.id);
const a = { id: 'a', at: '01' };
const c = { id: 'c', at: '03' };

describe('placeInList', () => {
  it('inserts a record that now belongs, in order, and counts it', () => {
    const next = placeInList(page(a, c), { id: 'b', at: '02' }, true, byAt, 200);
    expect(ids(next)).toEqual(['a', 'b', 'c']);
    expect(next.total).toBe(3);
  });

  it('puts a record equal to others after them', () => {
    expect(ids(placeInList(page(a, c), { id: 'z', at: '01' }, true, byAt, 200))).toEqual(['a', 'z', 'c']);
  });

  it('replaces a record it holds and moves it when its place changed, the total unchanged', () => {
    const next = placeInList(page(a, c), { id: 'a', at: '04', note: 'changed' }, true, byAt, 200);
    expect(next.data).toEqual([c, { id: 'a', at: '04', note: 'changed' }]);
    expect(next.total).toBe(2);
  });

  it('takes out a record that no longer belongs, and leaves the list alone for one it never held', () => {
    const before = page(a, c);
    const next = placeInList(before, a, false, byAt, 200);
    expect(ids(next)).toEqual(['c']);
    expect(next.total).toBe(1);
    expect(placeInList(before, { id: 'x', at: '02' }, false, byAt, 200)).toBe(before);
  });

  it('keeps a full page at its length: a record sorting past the end only counts', () => {
    const next = placeInList({ data: [a, c], total: 5 }, { id: 'd', at: '09' }, true, byAt, 2);
    expect(ids(next)).toEqual(['a', 'c']);
    expect(next.total).toBe(6);
  });
});
