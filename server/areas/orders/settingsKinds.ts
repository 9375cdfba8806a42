import type { z } from 'zod';
import { busyAt, NOT_BUSY } from '../../../domain/order';
import { SETTINGS } from '../../../domain/settings';
import type { ServedSettingsKind } from '../types';
import { KIND } from './repoBusy';
import { busyStateSchema } from './schemas';

type BusyDocument = z.infer<typeof busyStateSchema>;

/**
 * Busy mode (pause new orders, or add minutes to quoted times) is one document per shop, read and written whole at
 * settings/orders_busy by any member, as PUT /orders/busy is. A save announces busy.updated to the dashboards, and a
 * part whose time is up reads as off.
 */
const ordersBusy: ServedSettingsKind<BusyDocument> = {
  schema: busyStateSchema,
  defaults: NOT_BUSY,
  read: 'USER',
  write: 'USER',
  event: 'busy.updated',
  at: (value, now) => busyAt(value, now),
};

/** Auto-accept and slot capacity (domain/kitchen.ts): read by placing an order, the quote and the hours answer. */
export const ordersSettingsKinds = { [KIND]: ordersBusy, kitchen: SETTINGS.kitchen };
