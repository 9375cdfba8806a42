import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../server/infra/http/errors';
import { saveSettings } from '../../../server/infra/db/settings';
import { addSeller, saveInvite } from '../../../server/areas/staff/repo';
import { newToken } from '../../../server/areas/staff/inviteRecord';
import { pgCode } from '../../../server/infra/db/constraints';
import { createUser } from '../../helpers/users';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const GONE = '0d7c3f7e-1111-4111-8111-111111111111';
const answer = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  const { statusCode, message, code } = e as AppError;
  return { statusCode, message, code };
};

describe('repositories turn constraint violations into the domain answer', () => {
  it('adding someone who already is a seller is a 409 with the spec message, and their role stays', async () => {
    expect(await answer(addSeller(w.shop.id, w.ctx.db, w.staff.id, 'ADMIN'))).toEqual({
      statusCode: 409,
      message: 'This user already works at this shop.',
      code: 'ALREADY_SHOP_USER',
    });
    const { rows } = await w.ctx.pool.query('SELECT role FROM shop_sellers WHERE shop_id = $1 AND user_id = $2', [w.shop.id, w.staff.id]);
    expect(rows).toEqual([{ role: 'USER' }]);
  });

  it('writing under a shop that no longer exists is a 404 for that shop, and nothing is mailed', async () => {
    const someone = await createUser(w.ctx);
    const notFound = { statusCode: 404, message: `Cannot find shop with id ${GONE}`, code: 'NOT_FOUND' };
    expect(await answer(addSeller(GONE, w.ctx.db, someone.id, 'USER'))).toEqual(notFound);
    let mailed = false;
    const invite = saveInvite(
      GONE,
      w.ctx.db,
      { to: 'nobody@example.com', role: 'USER', from: w.owner, fresh: newToken(new Date()) },
      async () => {
        mailed = true;
      },
    );
    expect(await answer(invite)).toEqual(notFound);
    expect(mailed).toBe(false);
    expect(await answer(saveSettings(GONE, w.ctx.db, 'transaction_fee', {}, w.superAdmin.id, new Date()))).toEqual(notFound);
  });

  it('reads the SQLSTATE through the wrappers drizzle puts around driver errors', () => {
    expect(pgCode(Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('dup'), { code: '23505' }) }))).toBe('23505');
    expect(pgCode(Object.assign(new Error('fs'), { code: 'ENOENT' }))).toBeUndefined();
  });
});
