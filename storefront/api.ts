import type { ApiError, CartLine, CollectionType, DeliveryAddress, OrderStatus, PaymentType, PlacedOrder, Quote } from './types';
import { words } from './words';

/** The cart as POST …/quote prices it (domain/order.ts orderCartSchema). */
export interface CartBody {
  items: CartLine[];
  collectionType: CollectionType;
  collectionTime: string | null;
  deliveryAddress?: DeliveryAddress;
  paymentType: PaymentType;
  coupon?: string;
}

/** The whole order (placeOrderSchema): the cart and the customer. */
export interface OrderBody extends CartBody {
  customerName: string;
  mobile: string;
  email?: string;
  collectionName?: string;
  comments?: string;
  paymentToken?: string;
}

export type Result<T> = { ok: true; data: T; status: number } | { ok: false; error: ApiError; data?: unknown };

const base = (shopId: string) => `/api/storefront/shops/${encodeURIComponent(shopId)}`;

async function send<T>(url: string, init: RequestInit): Promise<Result<T>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...init.headers } });
  } catch {
    return { ok: false, error: { status: 0, message: words.network } };
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.ok) return { ok: true, data: body as T, status: res.status };
  return {
    ok: false,
    error: {
      status: res.status,
      message: typeof body?.message === 'string' ? body.message : words.network,
      code: typeof body?.code === 'string' ? body.code : undefined,
      errors: (body?.errors as Record<string, string> | undefined) ?? undefined,
    },
    data: body,
  };
}

export const quote = (shopId: string, cart: CartBody, signal?: AbortSignal) =>
  send<Quote>(`${base(shopId)}/quote`, { method: 'POST', body: JSON.stringify(cart), signal });

export const placeOrder = (shopId: string, order: OrderBody, idempotencyKey: string) =>
  send<PlacedOrder>(`${base(shopId)}/orders`, {
    method: 'POST',
    body: JSON.stringify(order),
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const statusUrl = (shopId: string, orderId: string, token: string) =>
  `${base(shopId)}/orders/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`;

export const statusEventsUrl = (shopId: string, orderId: string, token: string) =>
  `${base(shopId)}/orders/${encodeURIComponent(orderId)}/events?token=${encodeURIComponent(token)}`;

/** The order's status, revalidated with the ETag of the last answer (304: unchanged, answers null). */
export async function orderStatus(
  shopId: string,
  orderId: string,
  token: string,
  etag: string | null,
): Promise<{ status: OrderStatus | null; etag: string | null; missing: boolean }> {
  const res = await fetch(statusUrl(shopId, orderId, token), { headers: etag ? { 'If-None-Match': etag } : {} });
  if (res.status === 304) return { status: null, etag, missing: false };
  if (!res.ok) return { status: null, etag: null, missing: res.status === 404 };
  return { status: (await res.json()) as OrderStatus, etag: res.headers.get('ETag'), missing: false };
}

/** A key for one checkout: the same key on every try, so a retry after a lost answer never places a second order. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
