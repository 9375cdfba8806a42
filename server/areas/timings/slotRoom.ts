import type { Db } from '../../infra/db/client';
import type { Service } from '../../../domain/timings';

/**
 * What else narrows the collection slots the hours answer offers: a slot the shop is open in may still be one its
 * kitchen has no room left in. The orders area, which counts the orders of each slot, hands its check over at start
 * (it imports this area already; this area importing it back would make a cycle). Answers the slots still offered.
 */
export type SlotRoom = (db: Db, shopId: string, timeZone: string, service: Service, slots: Date[]) => Promise<Date[]>;

let room: SlotRoom | null = null;

/** Sets the check (one for the process: it reads everything it needs from the database it is given). */
export function offerSlotsWith(check: SlotRoom): void {
  room = check;
}

/** The slots with room, by the check handed over; all of them when there is none. */
export const slotsWithRoom: SlotRoom = async (db, shopId, timeZone, service, slots) =>
  room && slots.length ? room(db, shopId, timeZone, service, slots) : slots;
