import type { Db } from '../../infra/db/client';
import { busyAt, EXTRA_MINUTES_LAST, NOT_BUSY, type BusyBody, type BusyState } from '../../../domain/order';
import { loadSettings, saveSettings } from '../../infra/db/settings';
import { appendEvent } from '../../infra/db/shopEvents';

/**
 * The settings kind orders_busy (settingsKinds.ts): PUT /orders/busy changes it by mode rather than whole, and each
 * part ends by itself, so it reads through busyAt.
 */
export const KIND = 'orders_busy';

export async function busyState(shopId: string, db: Db, now: Date): Promise<BusyState> {
  return busyAt((await loadSettings(shopId, db, KIND)) as Partial<BusyState> | undefined, now);
}

export async function setBusy(shopId: string, db: Db, body: BusyBody, by: string, now: Date): Promise<BusyState> {
  const current = await busyState(shopId, db, now);
  const minutesFromNow = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();
  const next: BusyState =
    body.mode === 'OFF'
      ? NOT_BUSY
      : body.mode === 'PAUSE'
        ? { ...current, paused: true, pausedUntil: body.minutes === null ? null : minutesFromNow(body.minutes) }
        : { ...current, extraMinutes: body.minutes, extraUntil: minutesFromNow(EXTRA_MINUTES_LAST) };
  await db.transaction(async (tx) => {
    await saveSettings(shopId, tx as unknown as Db, KIND, next, by, now);
    await appendEvent(tx, shopId, 'busy.updated', { ...next });
  });
  return next;
}
