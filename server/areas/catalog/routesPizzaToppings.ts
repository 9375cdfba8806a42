import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopToppingAvailabilityBody } from '../../../domain/catalog/pizzaSettings';
import { readSettings, SETTINGS } from '../../../domain/settings';
import { setShopToppingAvailability } from './repoPizzaToppings';
import { resolveToday } from './soldOutUntil';
import { shopParams } from '../../infra/http/params';

/**
 * PUT /shops/:shopId/settings/pizza/toppings/availability: one-click sold out for one of the shop's toppings (those
 * of every pizza that lists none of its own), without saving the whole Pizza Settings document. Whoever may set an
 * item's availability may do this (every member, as the pizza document's own write role).
 */
const pizzaToppings: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/settings/pizza/toppings/availability',
    {
      schema: {
        tags: ['settings'],
        summary: "Sell out one of the shop's pizza toppings (every pizza without toppings of its own), or put it back",
        description:
          '{ "topping": "Olives", "soldOut": true, "until": "<ISO instant>" } returns by itself at `until`; ' +
          '{ "soldOut": true, "today": true } until the shop\'s next opening after today; ' +
          'without either it stays sold out until { "soldOut": false }. ' +
          'Answers the pizza settings document.',
        params: shopParams,
        body: shopToppingAvailabilityBody,
        response: { 200: z.record(z.string(), z.unknown()).describe('The pizza settings document (GET settings/pizza)') },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const now = clock.now();
      const { topping, soldOut, until } = await resolveToday(req.params.shopId, db, req.body, now);
      const availability = { soldOut, until: soldOut && until ? new Date(until).toISOString() : null };
      const stored = await setShopToppingAvailability(req.params.shopId, db, topping, availability, req.user!.id, now);
      return readSettings(SETTINGS.pizza, stored);
    },
  );
};
export default pizzaToppings;
