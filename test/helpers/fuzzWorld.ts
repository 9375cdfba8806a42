import { SETTINGS } from '../../domain/settings';
import { appBody, APPSTORE, createApp, fillAppstore, runnerToken } from './apps';
import { bookingBody, bookingSettings, setBookingSettings, shopDay } from './bookings';
import { storedImage } from './images';
import { invitationLinks } from './invitations';
import { cashPickup, OPEN_ALL_WEEK, openForOrders, ownerPut, seedOrder } from './orders';
import { validPost } from './posts';
import { addSeller, ownShop, publish, shopWorld, type ShopWorld } from './shopWorld';
import { asFile, png, upload } from './uploads';
import { createUser, login, PASSWORD, type TestUser } from './users';
import { statusToken } from '../../server/areas/orders/statusToken';

/*
 * What the API fuzzer needs to reach handlers: a shop that takes orders and bookings, one of each thing the API
 * names by id (and a way to make a fresh one for a request that uses it up), and a valid body for each operation
 * whose schema alone cannot give one (cross-field rules, ids of existing things, uploaded images, opaque documents).
 */

export interface FuzzWorld extends ShopWorld {
  /** The standing id of each kind of thing a path names (see `resourceOf`). */
  ids: Record<string, string>;
  /**
   * Makes a new thing of a kind, for requests that change or remove it; kinds without one reuse the standing id, and
   * so does a kind whose making is refused (invitations are rate-limited).
   */
  fresh: Partial<Record<string, () => Promise<string>>>;
  /** Valid bodies by operation ("POST /api/shops/{shopId}/posts"), with the path values they go with. */
  examples: Record<string, Example[]>;
}

export interface Example {
  body?: unknown;
  /** Path values: as is, or the world's thing of a kind (`{ real: kind }`, a fresh one for a request that may change it). */
  path?: Record<string, string | { real: string }>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Pizza settings with a topping, for the topping's sold-out toggle. */
const PIZZA = {
  active: true,
  hasHalfAndHalf: false,
  sizes: [{ name: 'Large', hasHalfAndHalf: false, halfAndHalfExtraCharge: 0 }],
  toppings: [{ name: 'Olives', prices: { Large: 1 } }],
};
const MONTH = { from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z' };

/** The kind of thing a path parameter names, from its name and the operation's path. */
export function resourceOf(template: string, name: string): string | undefined {
  if (name === 'id')
    return template.includes('/promotions/') ? 'promotion' : template.includes('/build-runner/tokens/') ? 'token' : undefined;
  const byName: Record<string, string> = {
    uid: 'seller',
    inviteId: 'invite',
    postId: 'post',
    closureId: 'closure',
    itemId: 'item',
    orderId: 'order',
    bookingId: 'booking',
    alertId: 'alert',
    bundleId: 'app',
    path: 'image',
    code: 'shortlink',
    keyId: 'apiKey',
    endpointId: 'webhook',
    deliveryId: 'delivery',
  };
  return byName[name];
}

/** The answer of a request that must create something. */
const created = async (res: { statusCode: number; body: string; json(): unknown }) => {
  if (res.statusCode !== 201) throw new Error(`expected 201, got ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
};

export async function fuzzWorld(): Promise<FuzzWorld> {
  // Invitations send mail, limited per hour; the fuzzer makes one for each request that may use one up.
  const w = await shopWorld({ env: { INVITES_PER_HOUR_PER_SHOP: '100000', INVITES_PER_HOUR_PER_USER: '100000' } });
  const { ctx, shop, owner, superAdmin } = w;
  const send = (method: 'POST' | 'PUT', url: string, by: TestUser, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: by.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const shopUrl = `/api/shops/${shop.id}`;
  let n = 0;
  const serial = () => ++n;

  const { coffee } = await openForOrders(w, { coffee: { type: 'BASIC', name: 'Flat White', price: 4.5 } });
  const day = shopDay(ctx, shop.timezone, 2);
  await setBookingSettings(ctx, shop.id, owner, bookingSettings({ lunch: { on: true } }));
  const coupon = () => ({
    coupon: `FUZZ${serial()}`,
    description: 'Five dollars off',
    startDate: '2030-03-01',
    endDate: '2030-03-31',
    type: 'FLAT_AMOUNT_DISCOUNT',
    flatAmountDiscount: { applicableOverAmount: 10, discountAmount: 5 },
  });
  const closure = () => ({ date: `2031-01-${String((serial() % 28) + 1).padStart(2, '0')}`, note: 'Stocktake' });
  const item = { type: 'BASIC', name: 'Fuzz Muffin', price: 3 };
  const apiKey = { name: 'Fuzz key', scopes: ['orders:read'] };
  // A public address written as one (no lookup). Its menu.updated deliveries, should the fuzz save the menu, fail to
  // connect in the background (nothing answers there for the tests), which no request waits for.
  const webhook = { url: 'https://93.184.215.14/hooks', eventTypes: ['menu.updated'] };

  const fresh: FuzzWorld['fresh'] = {
    post: async () => (await created(await send('POST', `${shopUrl}/posts`, owner, validPost()))).id as string,
    item: async () => (await created(await send('POST', `${shopUrl}/items`, owner, item))).id as string,
    promotion: async () => (await created(await send('POST', `${shopUrl}/promotions`, owner, coupon()))).id as string,
    closure: async () => (await created(await send('POST', `${shopUrl}/closures`, owner, closure()))).id as string,
    invite: async () =>
      ((await created(await send('POST', `${shopUrl}/invites`, owner, { to: `invitee${serial()}@example.com` }))).invite as { id: string })
        .id,
    order: async () => (await seedOrder(ctx, shop.id)).id,
    acceptedOrder: async () => (await seedOrder(ctx, shop.id, { orderStatusRestaurant: 'ACCEPTED' })).id,
    booking: async () =>
      (await created(await send('POST', `/api/storefront/shops/${shop.id}/bookings`, owner, bookingBody(day, '12:30')))).id as string,
    token: async () => (await runnerToken(ctx, superAdmin, `fuzz ${serial()}`)).id,
    apiKey: async () => ((await created(await send('POST', `${shopUrl}/api_keys`, owner, apiKey))).apiKey as { id: string }).id,
    webhook: async () => ((await created(await send('POST', `${shopUrl}/webhooks`, owner, webhook))).endpoint as { id: string }).id,
    // Another session of the owner's, to sign out (the callers' own sessions must last the whole run).
    ownerSession: async () => {
      const { cookie } = await login(ctx, owner.email, PASSWORD);
      return decodeURIComponent(cookie.slice('servery_refresh='.length)).split('.')[0];
    },
    seller: async () => {
      const user = await createUser(ctx, { email: `seller${serial()}@example.com` });
      await addSeller(ctx, shop.id, user, 'USER');
      return user.id;
    },
  };

  const image = await upload(ctx, owner.headers, asFile(await png(64, 64), 'logo.png', 'image/png'));
  const app = await createApp(ctx, superAdmin, [{ name: 'Fuzz Outlet', shopId: shop.id }], { bundleId: 'com.servery.fuzz' });
  const shortlink = await created(await send('POST', `${shopUrl}/shortlink`, owner));
  const order = await fresh.order!();
  const ids: Record<string, string> = {
    seller: w.staff.id,
    item: coffee,
    order,
    app: app.bundleId,
    image: (await created(image)).path as string,
    shortlink: shortlink.code as string,
  };
  for (const kind of ['post', 'promotion', 'closure', 'invite', 'booking', 'token', 'apiKey', 'webhook'] as const)
    ids[kind] = await fresh[kind]!();
  // A delivery already made to the standing endpoint, to read back (the log's one-delivery route).
  const delivered = await ctx.pool.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (shop_id, endpoint_id, message_id, event_type, position, payload, status, attempt_count, created_at)
     VALUES ($1, $2, 'msg_fuzzworldfuzzworldfuzzwor', 'webhook.test', 0, $3::jsonb, 'SUCCEEDED', 1, now()) RETURNING id`,
    [
      shop.id,
      ids.webhook,
      JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: { endpointId: ids.webhook, message: 'Fuzz' } }),
    ],
  );
  ids.delivery = delivered.rows[0].id;
  const alerts = await ctx.app.inject({ url: `${shopUrl}/alerts`, headers: owner.headers });
  const alert = (alerts.json() as { id?: string }[])[0]?.id;
  if (alert) ids.alert = alert;

  await fillAppstore(ctx, superAdmin, app.bundleId);
  const inviteLink = async (to: string) => {
    await created(await send('POST', `${shopUrl}/invites`, owner, { to }));
    const { accept } = await invitationLinks(ctx, to);
    return { path: { inviteId: accept.inviteId }, query: { token: accept.token } };
  };
  const [previewed, answered] = [await inviteLink('previewed@example.com'), await inviteLink('answered@example.com')];
  const customer = await created(await send('POST', `/api/storefront/shops/${shop.id}/bookings`, owner, bookingBody(day, '13:00')));
  const customerBooking = { path: { bookingId: customer.id as string }, query: { cancelToken: customer.cancelToken as string } };
  // Another user's session: refreshing rotates its cookie, and the callers' own sessions must last the whole run.
  const session = await createUser(ctx, { email: 'session@example.com' });
  const refresh = { headers: { cookie: session.cookie, 'content-type': 'application/json' } };

  const shopBody = async () => {
    const { type: _type, ...body } = await ownShop(ctx, owner);
    return body;
  };
  const examples: Record<string, Example[]> = {
    'PUT /api/shops/{shopId}': [{ body: await shopBody() }],
    'POST /api/shops': [{ body: await ownShop(ctx, owner, { name: 'Fuzzed Cafe' }) }],
    'POST /api/shops/{shopId}/invites': [{ body: { to: 'fuzz-invitee@example.com', role: 'USER' } }],
    'POST /api/shops/{shopId}/add_user': [{ body: { email: 'fuzz-added@example.com', password: PASSWORD } }],
    'PUT /api/shops/{shopId}/transaction_fee': [{ body: SETTINGS.transaction_fee.defaults }],
    'POST /api/shops/{shopId}/posts': [{ body: validPost() }],
    'PUT /api/shops/{shopId}/posts/{postId}': [{ body: validPost() }],
    'PUT /api/shops/{shopId}/settings/{kind}': Object.entries(SETTINGS).map(([kind, k]) => ({ path: { kind }, body: k.defaults })),
    'GET /api/shops/{shopId}/settings/{kind}': Object.keys(SETTINGS).map((kind) => ({ path: { kind } })),
    'POST /api/shops/{shopId}/closures': [{ body: closure() }],
    'PUT /api/shops/{shopId}/closures/{closureId}': [{ body: closure() }],
    'POST /api/shops/{shopId}/promotions': [{ body: coupon() }],
    'PUT /api/shops/{shopId}/promotions/{id}': [{ body: coupon() }],
    'POST /api/shops/{shopId}/items': [{ body: item }],
    'PUT /api/shops/{shopId}/items/{itemId}': [{ body: item }],
    'POST /api/shops/{shopId}/items/import': [{ body: { rows: [{ type: 'BASIC', name: 'Fuzzed tea', price: '3' }], dryRun: true } }],
    'PUT /api/shops/{shopId}/menu': [{ body: { categories: [{ name: 'Everything', itemIds: [coffee] }] } }],
    'PUT /api/shops/{shopId}/shortlink': [{ body: { code: 'fuzzcode' } }],
    'POST /api/shops/{shopId}/api_keys': [{ body: apiKey }],
    'POST /api/shops/{shopId}/webhooks': [{ body: webhook }],
    'PUT /api/shops/{shopId}/webhooks/{endpointId}': [{ body: { description: 'Fuzzed' } }],
    'POST /api/storefront/shops/{shopId}/orders': [{ body: cashPickup([{ itemId: coffee, quantity: 1 }]) }],
    'POST /api/storefront/shops/{shopId}/quote': [{ body: cashPickup([{ itemId: coffee, quantity: 1 }]) }],
    'POST /api/storefront/shops/{shopId}/bookings': [{ body: bookingBody(day, '12:30') }],
    'POST /api/auth/register': [{ body: { email: 'fuzz-registrant@example.com', password: PASSWORD, name: 'Fuzz Registrant' } }],
    'POST /api/auth/login': [{ body: { email: owner.email, password: PASSWORD } }],
    'POST /api/auth/reset': [{ body: { email: owner.email } }],
    'PUT /api/platform/remote-config': [{ body: { switchToCustomConnect: false, stripePk: 'pk_test_fuzz' } }],
    'PUT /api/platform/security': [{ body: { requireTwoFactorForSuperAdmins: false } }],
    'POST /api/me/step-up': [{ body: { password: PASSWORD } }],
    'POST /api/whitelabel/apps': [
      { body: await appBody(ctx, superAdmin, [{ name: 'Fuzz Outlet', shopId: shop.id }], { bundleId: 'com.servery.fuzzed' }) },
    ],
    'PUT /api/whitelabel/apps/{bundleId}': [
      {
        body: {
          name: 'Servery Cafe',
          logo: { path: await storedImage(ctx, superAdmin) },
          outlets: [{ name: 'Fuzz Outlet', shopId: shop.id }],
        },
      },
    ],
    'PUT /api/whitelabel/apps/{bundleId}/appstore': [{ body: APPSTORE }],
    'GET /api/whitelabel/apps/{bundleId}/files/{kind}': [{ path: { kind: 'apnsCert' } }],
    'GET /api/shops/{shopId}/invites/{inviteId}/preview': [previewed],
    // Accepting needs the invitee signed in (the callers are not); declining with the link is public.
    'PUT /api/shops/{shopId}/invites/{inviteId}': [
      { ...answered, query: { ...answered.query, action: 'accept' } },
      { ...answered, query: { ...answered.query, action: 'reject' } },
    ],
    'GET /api/storefront/shops/{shopId}/orders/{orderId}': [
      { path: { orderId: order }, query: { token: statusToken(ctx.services, order) } },
    ],
    'GET /api/storefront/shops/{shopId}/bookings/{bookingId}': [customerBooking],
    'GET /api/storefront/shops/{shopId}/bookings/{bookingId}/cancel': [customerBooking],
    'POST /api/storefront/shops/{shopId}/bookings/{bookingId}/cancel': [
      { path: customerBooking.path, body: { cancelToken: customerBooking.query.cancelToken } },
    ],
    'POST /api/cafes/{shopId}/orders/{orderId}/complete': [{ path: { orderId: { real: 'acceptedOrder' } } }],
    'POST /api/cafes/{shopId}/orders/{orderId}/ready': [{ path: { orderId: { real: 'acceptedOrder' } } }],
    'PUT /api/shops/{shopId}/settings/pizza/toppings/availability': [{ body: { topping: PIZZA.toppings[0].name, soldOut: true } }],
    'GET /api/reports/shops/{shopId}/orders/summary': [{ query: MONTH }],
    'GET /api/reports/shops/{shopId}/orders.csv': [{ query: MONTH }],
    'GET /api/reports/shops/{shopId}/history.csv': [{ query: MONTH }],
    'GET /api/reports/shops/{shopId}/payouts': [{ query: { from: '2030-01-01', to: '2030-01-31' } }],
    'POST /api/auth/refresh': [refresh],
    'POST /api/auth/logout': [refresh],
    'DELETE /api/me/sessions/{sessionId}': [{ path: { sessionId: { real: 'ownerSession' } } }],
  };
  return { ...w, ids, fresh, examples };
}

/** Puts back what the shop needs to take orders and bookings, which an earlier operation may have changed. */
export async function restore(w: FuzzWorld) {
  const { ctx, shop, owner } = w;
  await publish(ctx, shop.id);
  await ownerPut(w, `/api/shops/${shop.id}/settings/timings`, OPEN_ALL_WEEK);
  await setBookingSettings(ctx, shop.id, owner, bookingSettings({ lunch: { on: true } }));
  await ownerPut(w, `/api/shops/${shop.id}/menu`, { categories: [{ name: 'Everything', itemIds: [w.ids.item] }] });
  await ownerPut(w, `/api/shops/${shop.id}/settings/pizza`, PIZZA);
}
