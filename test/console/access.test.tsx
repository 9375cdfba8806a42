import { describe, expect, it } from 'vitest';
import { accessOf, allows } from '../../src/contracts/access';
import { shopHome, shopUrl } from '../../src/contracts/urls';

/** What the console offers by role (the server checks the same rules), and the one shop URL builder. */
describe('access', () => {
  it('ranks USER < ADMIN < SUPER_ADMIN; super admins act as at least ADMIN in every shop', () => {
    expect(accessOf('USER', false)).toBe('USER');
    expect(accessOf(null, false)).toBe('USER');
    expect(accessOf('ADMIN', false)).toBe('ADMIN');
    expect(accessOf(undefined, true)).toBe('SUPER_ADMIN');
    expect(allows('USER', 'USER')).toBe(true);
    expect(allows('USER', 'ADMIN')).toBe(false);
    expect(allows('ADMIN', 'SUPER_ADMIN')).toBe(false);
    expect(allows('SUPER_ADMIN', 'ADMIN')).toBe(true);
  });

  it('answers actions by their minimum role', () => {
    expect(allows('USER', 'editShop')).toBe(false);
    expect(allows('ADMIN', 'editShop')).toBe(true);
    expect(allows('USER', 'inviteAdmin')).toBe(false);
    expect(allows('ADMIN', 'addUser')).toBe(false);
    expect(allows('SUPER_ADMIN', 'addUser')).toBe(true);
    expect(allows('ADMIN', 'platform')).toBe(false);
  });
});

describe('shopUrl', () => {
  it('builds every console link into a shop', () => {
    expect(shopUrl('s1')).toBe('/shops/s1');
    expect(shopUrl('s1', 'users')).toBe('/shops/s1/users');
    expect(shopUrl('a/b', 'items', 'create')).toBe('/shops/a%2Fb/items/create');
    expect(shopHome('s1')).toBe('/shops/s1/orders/dashboard');
  });
});
