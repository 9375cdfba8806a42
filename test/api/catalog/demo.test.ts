import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';
import { items } from '../../../server/areas/catalog/tables';
import { shops } from '../../../server/infra/db/tables';
import { loadShopsDemo } from '../../../server/areas/shops/demo';
import { loadCatalogDemo } from '../../../server/areas/catalog/demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('loadCatalogDemo', () => {
  it("gives the demo cafe a full menu with choices, pizzas, deals and delivery, once", async () => {
    await loadShopsDemo(ctx.services);
    const lines = await loadCatalogDemo(ctx.services);
    expect(lines[0]).toMatch(/^Demo menu: 19 items in 7 categories at Cappuccino Corner$/);
    expect(await loadCatalogDemo(ctx.services)).toEqual([]);
    const [shop] = await ctx.db.select({ id: shops.id }).from(shops).where(and(eq(shops.name, 'Cappuccino Corner'), eq(shops.demo, true)));
    expect(await ctx.db.$count(items, eq(items.shopId, shop.id))).toBe(19);
    const menu = (await ctx.app.inject({ method: 'GET', url: `/api/storefront/shops/${shop.id}/menu` })).json();
    const names = menu.categories.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Coffee', 'Tea and more', 'Breakfast', 'Bakery', 'Lunch', 'Pizza', 'Deals']);
    const pizza = menu.categories[5].items.find((i: { name: string }) => i.name === 'Garden');
    expect(pizza.toppings.map((t: { name: string }) => t.name)).toEqual(['Vegan cheese']);
    expect(menu.categories[6].items.map((i: { name: string }) => i.name)).toEqual(['Family Night', 'Lunch for Two']);
    expect(menu.categories[0].items[0].attributes.map((a: { name: string; min: number; max: number }) => [a.name, a.min, a.max])).toEqual([
      ['Size', 1, 1],
      ['Milk', 1, 1],
      ['Extras', 0, 3],
    ]);
    expect(menu.delivery.suburbs).toHaveLength(4);
  });
});
