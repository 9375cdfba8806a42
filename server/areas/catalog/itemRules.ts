import type { ItemInput } from '../../../domain/catalog/item';
import { pizzaConfigured, type PizzaSettings } from '../../../domain/catalog/pizzaSettings';
import { format, messages } from '../../../domain/messages';
import { readSettings, SETTINGS } from '../../../domain/settings';
import type { Db } from '../../infra/db/client';
import { badRequest } from '../../infra/http/errors';
import { requireUsableImage } from '../../infra/images/usable';
import { pizzaIdsOf } from './repo';
import { loadSettings } from '../../infra/db/settings';

async function pizzaSettingsOf(shopId: string, db: Db): Promise<PizzaSettings> {
  return readSettings(SETTINGS.pizza, await loadSettings(shopId, db, 'pizza'));
}

/**
 * The rules an item must meet beyond its own shape, against the rest of the shop: a pizza needs pizza set up in
 * settings and only its sizes; a deal's pizzas must be the shop's pizzas; an image must be one this server stored
 * for the shop. Returns the input with a pizza's price set to its lowest size price (what lists show).
 */
export async function checkItemInShop(
  shopId: string,
  db: Db,
  input: ItemInput,
  userId: string,
  currentImage: string | null,
): Promise<ItemInput> {
  if (input.image) await requireUsableImage(shopId, db, input.image.image, { userId, currentPath: currentImage, field: 'image.image' });
  if (input.type === 'PIZZA') {
    const settings = await pizzaSettingsOf(shopId, db);
    if (!pizzaConfigured(settings)) throw badRequest(messages.pizzaNotConfigured, undefined, 'PIZZA_NOT_CONFIGURED');
    const known = new Set(settings.sizes.map((s) => s.name));
    for (const size of Object.keys(input.sizes)) {
      if (!known.has(size)) {
        const message = format(messages.unknownPizzaSize, { size });
        throw badRequest(message, { [`sizes.${size}`]: message }, 'VALIDATION');
      }
    }
    // Screens list sizes in the settings' order (a JSONB object keeps no key order).
    return { ...input, price: Math.min(...Object.values(input.sizes).map((s) => s.price)) };
  }
  if (input.type === 'DEAL') {
    const settings = input.dealPizzas.length ? await pizzaSettingsOf(shopId, db) : null;
    const ids = [...new Set(input.dealPizzas.flatMap((p) => Object.keys(p.pizzas)))];
    const pizzas = await pizzaIdsOf(shopId, db, ids);
    for (const [i, p] of input.dealPizzas.entries()) {
      if (settings && !settings.sizes.some((s) => s.name === p.size)) {
        const message = format(messages.unknownPizzaSize, { size: p.size });
        throw badRequest(message, { [`dealPizzas.${i}.size`]: message }, 'VALIDATION');
      }
      for (const id of Object.keys(p.pizzas)) {
        if (!pizzas.has(id)) {
          const message = format(messages.notAPizza, { id: id.slice(0, 64) });
          throw badRequest(message, { [`dealPizzas.${i}.pizzas`]: message }, 'VALIDATION');
        }
      }
    }
  }
  return input;
}
