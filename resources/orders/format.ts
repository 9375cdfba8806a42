import { formatDateTime } from '../../domain/dates';
import { formatMoney } from '../../domain/money';
import { toCents } from '../../domain/money';

/** Currency units from the API in the shop's format (spec 1 §9: 0,0.00 with its symbol). */
export const money = (units: number, country: string) => formatMoney(toCents(units), country);
export const when = (iso: string | null | undefined, timeZone: string) => (iso ? formatDateTime(iso, timeZone) : '');
export const collectionLabel = (type: string) => (type === 'DELIVERY' ? 'Delivery' : type === 'PICKUP' ? 'Pickup' : type);
