import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import type { Shop } from '../domain/shop';
import type { SettingsKindName, SettingsValue } from '../domain/settings';
import type { ShopPreferences } from '../domain/preferences';
import type { Alert as AlertRow } from '../domain/alerts';
import { apiUrl } from './deployment';
import { httpClient } from './httpClient';
import { call, seg, shop } from './call';

/** Whose alert log: an order's or a booking's. */
export type AlertSubject = { orderId: string } | { bookingId: string };

/** Kinds of GET|PUT /api/shops/{shopId}/settings/{kind} the console reads and writes. */
export type SettingKinds = { [K in SettingsKindName]: SettingsValue<K> };

/** react-admin's CRUD methods, without DataProvider's catch-all index signature, which would type every area's method as any. */
type Crud = Pick<
  DataProvider,
  'getList' | 'getOne' | 'getMany' | 'getManyReference' | 'create' | 'update' | 'updateMany' | 'delete' | 'deleteMany'
>;

/**
 * The console's one way to the API: ra-data-simple-rest for CRUD, where `meta.shopId` scopes a resource to a
 * shop (getList('items', { meta: { shopId } }) → GET /api/shops/{shopId}/items), the calls more than one area
 * makes, and each area's typed methods for the calls that are not CRUD (its api.ts). Used through
 * useApi<AreaApi>() (src/components/api.ts), so a rejected session and every error take the same path.
 */
export type ServeryDataProvider = Crud & {
  // A shop's documents read and written whole (each settings kind belongs to an area; the calls are the same).
  getSetting<K extends keyof SettingKinds>(shopId: string, kind: K): Promise<SettingKinds[K]>;
  putSetting<K extends keyof SettingKinds>(shopId: string, kind: K, value: SettingKinds[K]): Promise<SettingKinds[K]>;
  /** The platform's shop search (super admins): the search page, and the apps' outlet picker. */
  searchShops(q: string, limit: number, signal?: AbortSignal): Promise<Shop[]>;
  /** The URL of the shop's event stream for EventSource, with a fresh short-lived ticket (the live boards of orders and bookings). */
  eventStreamUrl(shopId: string, lastEventId: string | null): Promise<string>;
  /** The signed-in member's alert mails and board sound at one shop. */
  getShopPreferences(shopId: string): Promise<ShopPreferences>;
  /** PUT any of the fields; answers the whole document. */
  updateShopPreferences(shopId: string, patch: Partial<ShopPreferences>): Promise<ShopPreferences>;
  /** The alert mails of one order or booking, oldest first (their detail pages). */
  getAlertLog(shopId: string, subject: AlertSubject): Promise<AlertRow[]>;
  /** Sends a failed alert again: answers the row, queued again (409 with a message when it had not failed). */
  resendAlert(shopId: string, alertId: string): Promise<AlertRow>;
};

/** The resource's path, under its shop when the call names one. */
function scopedResource(resource: string, meta?: { shopId?: string }): string {
  return meta?.shopId ? `shops/${seg(meta.shopId)}/${resource}` : resource;
}

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/**
 * The dataProvider with the areas' methods beside the shared ones. Two areas (or an area and the shared calls)
 * naming the same method would silently shadow one another, so that stops the console at start.
 */
export function createDataProvider<Apis extends readonly object[]>(...apis: Apis): ServeryDataProvider & Intersection<Apis[number]> {
  const base = simpleRestProvider(apiUrl, (url, options) => httpClient(url, options as never));
  const scoped = <M extends keyof DataProvider>(method: M) =>
    ((resource: string, params: { meta?: { shopId?: string } }) =>
      (base[method] as (r: string, p: unknown) => Promise<unknown>)(
        scopedResource(resource, params?.meta),
        params,
      )) as unknown as DataProvider[M];

  const shared: ServeryDataProvider & DataProvider = {
    ...base,
    getList: scoped('getList'),
    getOne: scoped('getOne'),
    getMany: scoped('getMany'),
    getManyReference: scoped('getManyReference'),
    create: scoped('create'),
    update: scoped('update'),
    updateMany: scoped('updateMany'),
    delete: scoped('delete'),
    deleteMany: scoped('deleteMany'),

    getSetting: (shopId, kind) => call(`${shop(shopId)}/settings/${seg(kind)}`),
    putSetting: (shopId, kind, value) => call(`${shop(shopId)}/settings/${seg(kind)}`, { method: 'PUT', body: value }),
    searchShops: (q, limit, signal) => call<Shop[]>(`/shops/search?${new URLSearchParams({ q, limit: String(limit) })}`, { signal }),
    eventStreamUrl: async (shopId, lastEventId) => {
      const { ticket } = await call<{ ticket: string }>(`${shop(shopId)}/events/ticket`, { method: 'POST' });
      return `${apiUrl}${shop(shopId)}/events?${new URLSearchParams({ ticket, ...(lastEventId ? { lastEventId } : {}) })}`;
    },
    getShopPreferences: (shopId) => call<ShopPreferences>(`${shop(shopId)}/preferences`),
    updateShopPreferences: (shopId, patch) => call<ShopPreferences>(`${shop(shopId)}/preferences`, { method: 'PUT', body: patch }),
    getAlertLog: (shopId, subject) =>
      call<AlertRow[]>(
        'orderId' in subject
          ? `${shop(shopId)}/orders/${seg(subject.orderId)}/alerts`
          : `${shop(shopId)}/bookings/${seg(subject.bookingId)}/alerts`,
      ),
    resendAlert: (shopId, alertId) => call<AlertRow>(`${shop(shopId)}/alerts/${seg(alertId)}/resend`, { method: 'POST' }),
  };

  const provider: Record<string, unknown> = { ...shared };
  for (const api of apis) {
    for (const [name, method] of Object.entries(api)) {
      if (name in provider) throw new Error(`Two dataProvider methods are named ${name}`);
      provider[name] = method;
    }
  }
  return provider as ServeryDataProvider & Intersection<Apis[number]>;
}
