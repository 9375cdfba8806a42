import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import type { RemoteConfig } from '../domain/platform';
import type { SellerRole, Shop } from '../domain/shop';
import type { Invite, Seller } from '../domain/staff';
import type { Closure, ClosureInput } from '../domain/closures';
import { apiUrl } from './deployment';
import { httpClient } from './httpClient';
// apps
import type { AppstoreBody, AppstoreInfo, Build, CredentialFile, CredentialFileKind, DailyDownloads, DevicePage, DownloadStats, PlaystoreBody, PlaystoreInfo, RunnerToken, ShopApp, Store } from '../domain/apps';
import { saveDownload } from './files';
// orders (issue 10)
import type { AcceptBody, BusyBody, BusyState } from '../domain/order';
import type { ApiOrder } from '../domain/orderView';
import type { PreferencesPatch, UserPreferences } from '../domain/preferences';

/** What the staff and invitation calls answer besides their data: the spec's message for the toast. */
export type Message = { message: string };

export interface InvitationPreview {
  shopName: string;
  fromEmail: string;
  toEmail: string;
  role: SellerRole;
  hasAccount: boolean;
}

/** Kinds of GET|PUT /api/shops/{shopId}/settings/{kind} the console reads and writes. */
export type SettingKinds = { [K in import('../domain/settings').SettingsKindName]: import('../domain/settings').SettingsValue<K> };

/**
 * The console's one way to the API: ra-data-simple-rest for CRUD, where `meta.shopId` scopes a resource to a
 * shop (getList('items', { meta: { shopId } }) → GET /api/shops/{shopId}/items), plus typed methods for the
 * calls that are not CRUD. Used through useDataProvider<ServeryDataProvider>() (see src/components/api.ts), so a
 * rejected session and every error take the same path.
 */
export interface ServeryDataProvider extends DataProvider {
  // Platform (super admins, spec 3 §2.10–2.12).
  reviewQueue(): Promise<Shop[]>;
  approveShop(shopId: string): Promise<Shop>;
  rejectShop(shopId: string, rejectReason: string): Promise<Shop>;
  browseShops(cursor: string | null, limit: number): Promise<{ data: Shop[]; nextCursor: string | null }>;
  searchShops(q: string, limit: number, signal?: AbortSignal): Promise<Shop[]>;
  getRemoteConfig(): Promise<RemoteConfig>;
  putRemoteConfig(config: RemoteConfig): Promise<RemoteConfig>;
  getStripeKey(): Promise<{ publishableKey: string }>;
  // A shop's documents read and written whole.
  getSetting<K extends keyof SettingKinds>(shopId: string, kind: K): Promise<SettingKinds[K]>;
  putSetting<K extends keyof SettingKinds>(shopId: string, kind: K, value: SettingKinds[K]): Promise<SettingKinds[K]>;
  // Staff (spec 3 §7).
  getSellers(shopId: string): Promise<Seller[]>;
  removeSeller(shopId: string, uid: string): Promise<Message>;
  getInvites(shopId: string): Promise<Invite[]>;
  invite(shopId: string, body: { to: string; role: SellerRole }): Promise<Message & { invite: Invite }>;
  resendInvite(shopId: string, inviteId: string): Promise<Message>;
  removeInvite(shopId: string, inviteId: string): Promise<Message>;
  addUser(shopId: string, body: { email: string; password: string }): Promise<Message>;
  // The invitation link's screen, open to anyone.
  previewInvite(shopId: string, inviteId: string, token: string): Promise<InvitationPreview>;
  answerInvite(shopId: string, inviteId: string, action: string, token: string, signedIn: boolean): Promise<Message & { shopId: string }>;
  // posts: the shop's one ordered list of billboards, read and replaced whole.
  getBillboards(shopId: string): Promise<import('../domain/post').Billboards>;
  putBillboards(shopId: string, value: import('../domain/post').Billboards): Promise<import('../domain/post').Billboards>;
  // catalog: items beyond CRUD, and the menu document (spec 2 §3).
  copyItem(shopId: string, itemId: string): Promise<import('../domain/catalog/item').Item>;
  setItemAvailability(shopId: string, itemId: string, body: import('../domain/catalog/item').AvailabilityBody): Promise<import('../domain/catalog/item').Item>;
  /** One of the shop's pizza toppings (every pizza without its own) sold out or back; answers the pizza settings. */
  setShopToppingAvailability(shopId: string, body: import('../domain/catalog/pizzaSettings').ShopToppingAvailabilityBody): Promise<SettingKinds['pizza']>;
  getMenu(shopId: string): Promise<import('../domain/catalog/menu').Menu>;
  putMenu(shopId: string, menu: import('../domain/catalog/menu').Menu): Promise<import('../domain/catalog/menu').Menu>;
  // apps: white-label apps (super admins; the apps themselves are the CRUD resource 'whitelabel/apps'), build runners, downloads.
  getAppstore(bundleId: string): Promise<AppstoreInfo>;
  putAppstore(bundleId: string, body: AppstoreBody): Promise<AppstoreInfo>;
  getPlaystore(bundleId: string): Promise<PlaystoreInfo>;
  putPlaystore(bundleId: string, body: PlaystoreBody): Promise<PlaystoreInfo>;
  uploadCredentialFile(bundleId: string, kind: CredentialFileKind, file: File): Promise<CredentialFile>;
  downloadCredentialFile(downloadUrl: string, name: string): Promise<void>;
  getBuilds(bundleId: string): Promise<Build[]>;
  requestBuild(bundleId: string, store: Store): Promise<Build>;
  getRunnerTokens(): Promise<RunnerToken[]>;
  createRunnerToken(name: string): Promise<{ id: string; token: string }>;
  revokeRunnerToken(id: string): Promise<void>;
  getShopApps(shopId: string): Promise<ShopApp[]>;
  getDownloadStats(bundleId: string): Promise<DownloadStats>;
  getDownloadDevices(bundleId: string, pageNumber: number, limit: number): Promise<DevicePage>;
  getDailyDownloads(bundleId: string): Promise<DailyDownloads>;
  exportDownloads(bundleId: string): Promise<void>;
  // settings area: closures and special hours by date.
  getClosures(shopId: string, from?: string): Promise<Closure[]>;
  createClosure(shopId: string, body: ClosureInput): Promise<Closure>;
  deleteClosure(shopId: string, closureId: string): Promise<Closure & Message>;
  // stripe (issue 13): the shop's connected account, /api/stripe/shops/{shopId}/….
  stripeActiveAccount(shopId: string): Promise<import('../domain/stripe').ActiveAccount>;
  stripeAuthorizeUrl(shopId: string): Promise<{ url: string }>;
  stripeAuthorizeReturn(shopId: string, body: { code: string; state: string }): Promise<import('../domain/stripe').ActiveAccount>;
  stripeAccount(shopId: string): Promise<import('../domain/stripe').StripeAccount>;
  stripeDisconnect(shopId: string): Promise<Message>;
  stripeLink(shopId: string, kind: 'verification' | 'update'): Promise<{ url: string }>;
  stripeArchive(shopId: string): Promise<Message & { accountId: string }>;
  stripeExternalAccount(shopId: string, token: string): Promise<Message & { external_account: import('../domain/stripe').ExternalAccount }>;
  stripePayoutSchedule(shopId: string, schedule: import('../domain/stripe').PayoutSchedule): Promise<Message>;
  stripePayouts(shopId: string, startingAfter?: string): Promise<import('../domain/stripe').PayoutList>;
  stripeBalance(shopId: string): Promise<import('../domain/stripe').Balance>;
  stripeBalanceTransactions(shopId: string, startingAfter?: string): Promise<import('../domain/stripe').BalanceTransactionList>;
  // orders (issue 10): the spec's order actions (spec 2 §7), busy mode, and the event stream's ticket.
  acceptOrder(shopId: string, orderId: string, eta: AcceptBody['eta']): Promise<ApiOrder>;
  rejectOrder(shopId: string, orderId: string, reason: string): Promise<ApiOrder>;
  completeOrder(shopId: string, orderId: string): Promise<ApiOrder>;
  acknowledgeOrder(shopId: string, orderId: string): Promise<ApiOrder>;
  getBusy(shopId: string): Promise<BusyState>;
  setBusy(shopId: string, body: BusyBody): Promise<BusyState>;
  /** The URL of the shop's event stream for EventSource, with a fresh short-lived ticket. */
  eventStreamUrl(shopId: string, lastEventId: string | null): Promise<string>;
  /** The signed-in user's own preferences (the New Orders sound, …), the same on every device; PATCH answers the whole document. */
  getPreferences(): Promise<UserPreferences>;
  updatePreferences(patch: PreferencesPatch): Promise<UserPreferences>;
}

const base = simpleRestProvider(apiUrl, (url, options) => httpClient(url, options as never));

const seg = encodeURIComponent;
const shop = (shopId: string) => `/shops/${seg(shopId)}`;

/** The resource's path, under its shop when the call names one. */
function scopedResource(resource: string, meta?: { shopId?: string }): string {
  return meta?.shopId ? `shops/${seg(meta.shopId)}/${resource}` : resource;
}

async function call<T>(path: string, { method = 'GET', body, auth = true, signal }: { method?: string; body?: unknown; auth?: boolean; signal?: AbortSignal } = {}) {
  const res = await httpClient<T>(`${apiUrl}${path}`, { method, auth, signal, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json;
}

const scoped = <M extends keyof DataProvider>(method: M) =>
  ((resource: string, params: { meta?: { shopId?: string } }) =>
    (base[method] as (r: string, p: unknown) => Promise<unknown>)(scopedResource(resource, params?.meta), params)) as unknown as DataProvider[M];

export const dataProvider: ServeryDataProvider = {
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

  reviewQueue: () => call<Shop[]>('/shops/review'),
  approveShop: (shopId) => call<Shop>(`${shop(shopId)}/approve`, { method: 'POST' }),
  rejectShop: (shopId, rejectReason) => call<Shop>(`${shop(shopId)}/reject`, { method: 'POST', body: { rejectReason } }),
  browseShops: (cursor, limit) =>
    call(`/shops/browse?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })}`),
  searchShops: (q, limit, signal) => call<Shop[]>(`/shops/search?${new URLSearchParams({ q, limit: String(limit) })}`, { signal }),
  getRemoteConfig: () => call<RemoteConfig>('/platform/remote-config'),
  putRemoteConfig: (config) => call<RemoteConfig>('/platform/remote-config', { method: 'PUT', body: config }),
  getStripeKey: () => call<{ publishableKey: string }>('/platform/stripe-key'),

  getSetting: (shopId, kind) => call(`${shop(shopId)}/settings/${seg(kind)}`),
  putSetting: (shopId, kind, value) => call(`${shop(shopId)}/settings/${seg(kind)}`, { method: 'PUT', body: value }),

  getSellers: (shopId) => call<Seller[]>(`${shop(shopId)}/sellers`),
  removeSeller: (shopId, uid) => call<Message>(`${shop(shopId)}/sellers/${seg(uid)}`, { method: 'DELETE' }),
  getInvites: (shopId) => call<Invite[]>(`${shop(shopId)}/invites`),
  invite: (shopId, body) => call(`${shop(shopId)}/invites`, { method: 'POST', body }),
  resendInvite: (shopId, inviteId) => call<Message>(`${shop(shopId)}/invites/${seg(inviteId)}/resend`, { method: 'POST' }),
  removeInvite: (shopId, inviteId) => call<Message>(`${shop(shopId)}/invites/${seg(inviteId)}`, { method: 'DELETE' }),
  addUser: (shopId, body) => call<Message>(`${shop(shopId)}/add_user`, { method: 'POST', body }),

  previewInvite: (shopId, inviteId, token) =>
    call<InvitationPreview>(`${shop(shopId)}/invites/${seg(inviteId)}/preview?${new URLSearchParams({ token })}`, { auth: false }),
  answerInvite: (shopId, inviteId, action, token, signedIn) =>
    call(`${shop(shopId)}/invites/${seg(inviteId)}?${new URLSearchParams({ action, token })}`, { method: 'PUT', auth: signedIn }),

  // posts
  getBillboards: (shopId) => call(`${shop(shopId)}/billboards`),
  putBillboards: (shopId, value) => call(`${shop(shopId)}/billboards`, { method: 'PUT', body: value }),
  // catalog
  copyItem: (shopId, itemId) => call(`${shop(shopId)}/items/${seg(itemId)}/copy`, { method: 'POST' }),
  setItemAvailability: (shopId, itemId, body) => call(`${shop(shopId)}/items/${seg(itemId)}/availability`, { method: 'PUT', body }),
  setShopToppingAvailability: (shopId, body) => call(`${shop(shopId)}/settings/pizza/toppings/availability`, { method: 'PUT', body }),
  getMenu: (shopId) => call(`${shop(shopId)}/menu`),
  putMenu: (shopId, menu) => call(`${shop(shopId)}/menu`, { method: 'PUT', body: menu }),
  // apps
  getAppstore: (bundleId) => call<AppstoreInfo>(`/whitelabel/apps/${seg(bundleId)}/appstore`),
  putAppstore: (bundleId, body) => call<AppstoreInfo>(`/whitelabel/apps/${seg(bundleId)}/appstore`, { method: 'PUT', body }),
  getPlaystore: (bundleId) => call<PlaystoreInfo>(`/whitelabel/apps/${seg(bundleId)}/playstore`),
  putPlaystore: (bundleId, body) => call<PlaystoreInfo>(`/whitelabel/apps/${seg(bundleId)}/playstore`, { method: 'PUT', body }),
  uploadCredentialFile: async (bundleId, kind, file) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const res = await httpClient<CredentialFile>(`${apiUrl}/whitelabel/apps/${seg(bundleId)}/files/${kind}`, { method: 'PUT', body: form });
    return res.json;
  },
  // downloadUrl is the API's own path (/api/whitelabel/…); saveDownload adds the deployment's API base.
  downloadCredentialFile: (downloadUrl, name) => saveDownload(downloadUrl.replace(/^\/api/, ''), name),
  getBuilds: (bundleId) => call<Build[]>(`/whitelabel/apps/${seg(bundleId)}/builds`),
  requestBuild: (bundleId, store) => call<Build>(`/whitelabel/apps/${seg(bundleId)}/builds`, { method: 'POST', body: { store } }),
  getRunnerTokens: () => call<RunnerToken[]>('/build-runner/tokens'),
  createRunnerToken: (name) => call<{ id: string; token: string }>('/build-runner/tokens', { method: 'POST', body: { name } }),
  revokeRunnerToken: async (id) => {
    await call(`/build-runner/tokens/${seg(id)}`, { method: 'DELETE' });
  },
  getShopApps: (shopId) => call<ShopApp[]>(`/reports/shops/${seg(shopId)}/apps`),
  getDownloadStats: (bundleId) => call<DownloadStats>(`/reports/apps/${seg(bundleId)}/downloads/stats`),
  getDownloadDevices: (bundleId, pageNumber, limit) =>
    call<DevicePage>(`/reports/apps/${seg(bundleId)}/downloads/devices?${new URLSearchParams({ pageNumber: String(pageNumber), limit: String(limit) })}`),
  getDailyDownloads: (bundleId) => call<DailyDownloads>(`/reports/apps/${seg(bundleId)}/downloads/daily`),
  exportDownloads: (bundleId) => saveDownload(`/reports/apps/${seg(bundleId)}/downloads/devices.csv`, `downloads-${bundleId}.csv`),
  // settings area
  getClosures: (shopId, from) => call<Closure[]>(`${shop(shopId)}/closures${from ? `?${new URLSearchParams({ from })}` : ''}`),
  createClosure: (shopId, body) => call<Closure>(`${shop(shopId)}/closures`, { method: 'POST', body }),
  deleteClosure: (shopId, closureId) => call(`${shop(shopId)}/closures/${seg(closureId)}`, { method: 'DELETE' }),
  // stripe (issue 13)
  stripeActiveAccount: (shopId) => call(`/stripe${shop(shopId)}/active_account`),
  stripeAuthorizeUrl: (shopId) => call(`/stripe${shop(shopId)}/authorize/url`, { method: 'POST' }),
  stripeAuthorizeReturn: (shopId, body) => call(`/stripe${shop(shopId)}/authorize/return`, { method: 'POST', body }),
  stripeAccount: (shopId) => call(`/stripe${shop(shopId)}/account`),
  stripeDisconnect: (shopId) => call(`/stripe${shop(shopId)}/account`, { method: 'DELETE' }),
  stripeLink: (shopId, kind) => call(`/stripe${shop(shopId)}/links/${kind}`, { method: 'POST' }),
  stripeArchive: (shopId) => call(`/stripe${shop(shopId)}/archive`, { method: 'POST' }),
  stripeExternalAccount: (shopId, token) => call(`/stripe${shop(shopId)}/external_account/${seg(token)}`, { method: 'POST' }),
  stripePayoutSchedule: (shopId, schedule) => call(`/stripe${shop(shopId)}/payout_schedule`, { method: 'POST', body: schedule }),
  stripePayouts: (shopId, startingAfter) =>
    call(`/stripe${shop(shopId)}/payouts?${new URLSearchParams({ limit: '20', ...(startingAfter ? { starting_after: startingAfter } : {}) })}`),
  stripeBalance: (shopId) => call(`/stripe${shop(shopId)}/balance`),
  stripeBalanceTransactions: (shopId, startingAfter) =>
    call(`/stripe${shop(shopId)}/balance_transactions?${new URLSearchParams({ limit: '20', ...(startingAfter ? { starting_after: startingAfter } : {}) })}`),
  // orders (issue 10)
  acceptOrder: (shopId, orderId, eta) => call<ApiOrder>(`/cafes/${seg(shopId)}/orders/${seg(orderId)}/accept`, { method: 'POST', body: { eta } }),
  rejectOrder: (shopId, orderId, reason) => call<ApiOrder>(`/cafes/${seg(shopId)}/orders/${seg(orderId)}/reject`, { method: 'POST', body: { reason } }),
  completeOrder: (shopId, orderId) => call<ApiOrder>(`/cafes/${seg(shopId)}/orders/${seg(orderId)}/complete`, { method: 'POST' }),
  acknowledgeOrder: (shopId, orderId) => call<ApiOrder>(`${shop(shopId)}/orders/${seg(orderId)}/acknowledge`, { method: 'POST' }),
  getBusy: (shopId) => call<BusyState>(`${shop(shopId)}/orders/busy`),
  setBusy: (shopId, body) => call<BusyState>(`${shop(shopId)}/orders/busy`, { method: 'PUT', body }),
  eventStreamUrl: async (shopId, lastEventId) => {
    const { ticket } = await call<{ ticket: string }>(`${shop(shopId)}/events/ticket`, { method: 'POST' });
    return `${apiUrl}${shop(shopId)}/events?${new URLSearchParams({ ticket, ...(lastEventId ? { lastEventId } : {}) })}`;
  },
  getPreferences: () => call<UserPreferences>('/me/preferences'),
  updatePreferences: (patch) => call<UserPreferences>('/me/preferences', { method: 'PATCH', body: patch }),
};
