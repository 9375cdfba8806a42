import { expect } from 'vitest';
import type { RunningServer } from '../helpers/server';
import { createUser, type TestUser } from '../helpers/users';
import { inviteByApi, uniqueEmail, uploadLogo } from './steps';

/** A reject reason long enough, with one unbroken word, to stretch any layout that does not wrap it. */
export const LONG_REJECT_REASON =
  'The logo is a photograph of a storefront rather than the shop logo, and the description repeats the name. ' +
  'See https://servery.example.com/help/listing-guidelines/logos-and-descriptions-for-new-shops-before-review for what we look for.';

/**
 * An owner with three shops (waiting for review, published with one invitation out, rejected with a long reason) and a super admin,
 * made through the API: the scene the layout and accessibility checks look at.
 */
export async function shopScene(server: RunningServer) {
  const owner = await createUser(server.ctx, { email: uniqueEmail('owner'), name: 'Olive Owner' });
  const admin = await createUser(server.ctx, { email: uniqueEmail('admin'), name: 'Sam Super', superAdmin: true });
  const logo = await uploadLogo(server, owner, { r: 180, g: 68, b: 31 });
  const create = async (name: string, description: string) => {
    const res = await server.ctx.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: owner.headers,
      payload: {
        name,
        description,
        locality: 'Surry Hills',
        logo: { path: logo },
        country: 'AU',
        type: 'CAFE',
        timezone: 'Australia/Sydney',
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const as = (user: TestUser, url: string, payload?: object) =>
    server.ctx.app.inject({ method: 'POST', url, headers: user.headers, payload: payload ?? {} });

  const waiting = await create('Cappuccino Corner', 'Coffee and cakes all day');
  const published = await create('Bagel Barn Bakery', 'Bagels baked before sunrise');
  const rejected = await create('Dumpling Den', 'Hand-folded dumplings, soups');
  expect((await as(admin, `/api/shops/${published}/approve`)).statusCode).toBe(200);
  expect((await as(admin, `/api/shops/${rejected}/reject`, { rejectReason: LONG_REJECT_REASON })).statusCode).toBe(200);
  await inviteByApi(server, owner, published, uniqueEmail('a-rather-long-invitee-address'), 'USER');
  return { owner, admin, shops: { waiting, published, rejected } };
}
