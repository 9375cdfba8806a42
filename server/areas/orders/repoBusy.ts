import type { Db } from '../../infra/db/client';
import { busyAt, EXTRA_MINUTES_LAST, NOT_BUSY, type BusyBody, type BusyState } from '../../../domain/order';
import { loadSettings, lockSettings, saveSettings } from '../../infra/db/settings';
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
        ? {
            ...current,
            paused: true,
            pausedUntil: body.minutes === null ? null : minutesFromNow(body.minutes),
            // A pause someone chose is theirs, whatever paused the shop before.
            pauseReason: null,
            unansweredOrders: null,
          }
        : { ...current, extraMinutes: body.minutes, extraUntil: minutesFromNow(EXTRA_MINUTES_LAST) };
  await db.transaction(async (tx) => {
    await saveSettings(shopId, tx as unknown as Db, KIND, next, by, now);
    await appendEvent(tx, shopId, 'busy.updated', { ...next });
  });
  return next;
}

/**
 * The shop pauses itself because `count` orders in a row went unanswered (the alerts' sweep), in the caller's
 * transaction, with its busy.updated (so the storefront refuses orders and webhooks send shop.paused). The busy
 * document's row is locked first, so two processes cannot both pause; a shop already paused (by someone, or by
 * itself) is left as it is and this answers false.
 */
export async function pauseForUnanswered(shopId: string, tx: Db, count: number, now: Date): Promise<boolean> {
  const current = busyAt((await lockSettings(shopId, tx, KIND)) as Partial<BusyState> | undefined, now);
  if (current.paused) return false;
  const next: BusyState = { ...current, paused: true, pausedUntil: null, pauseReason: 'AUTO_UNANSWERED', unansweredOrders: count };
  await saveSettings(shopId, tx, KIND, next, null, now);
  await appendEvent(tx, shopId, 'busy.updated', { ...next });
  return true;
}
