import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menuRecord, menuSchema } from '../../../domain/catalog/menu';
import { requireUsableImage } from '../../infra/images/usable';
import { loadMenu, saveMenu } from './repoMenu';
import { shopParams } from '../../infra/http/params';

/** GET|PUT /shops/:shopId/menu: the ordered categories, saved whole. Deleted items' ids stay until removed. */
const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/menu',
    {
      schema: {
        tags: ['menu'],
        summary: "The shop's menu: categories in order, each with its items' ids in order",
        params: shopParams,
        response: { 200: menuRecord },
      },
    },
    async (req) => loadMenu(req.params.shopId, app.services.db),
  );
  app.put(
    '/menu',
    {
      config: { staffPermission: 'catalog' },
      schema: { tags: ['menu'], summary: 'Replace the whole menu', params: shopParams, body: menuSchema, response: { 200: menuRecord } },
    },
    async (req) => {
      const { db, clock } = app.services;
      const { shopId } = req.params;
      const current = await loadMenu(shopId, db);
      const kept = new Set(current.categories.map((c) => c.image?.image).filter(Boolean));
      for (const [i, c] of req.body.categories.entries()) {
        if (c.image && !kept.has(c.image.image)) {
          await requireUsableImage(shopId, db, c.image.image, { userId: req.user!.id, field: `categories.${i}.image.image` });
        }
      }
      await saveMenu(shopId, db, req.body, req.user!.id, clock.now());
      return req.body;
    },
  );
};
export default menuRoutes;
