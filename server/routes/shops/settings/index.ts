import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { format, messages } from '../../../../domain/messages';
import { settingsKind, readSettings, SETTINGS, SETTINGS_KINDS, type SettingsDocument, type SettingsKind, type SettingsRole } from '../../../../domain/settings';
import { AppError, forbidden } from '../../../infra/http/errors';
import { loadSettings, lockSettings, saveSettings } from '../../../repos/settings';
import { requireUsableImage } from '../../../infra/images/usable';
import { loadShop } from '../../../repos/shops';
import { shopParams } from '../../../infra/http/params';
import { validBody } from '../../../infra/http/validBody';
import pizzaToppings from './pizzaToppings';

const kindParams = shopParams.extend({ kind: z.string().describe(`Settings kind: ${SETTINGS_KINDS.join(', ')}`) });
const document = z.record(z.string(), z.unknown()).describe('The whole document of the kind (see domain/settings.ts)');

/** The shop scope has made sure the caller is a member (super admins act as ADMIN); the kind may ask for more. */
function allow(req: FastifyRequest, role: SettingsRole) {
  if (role === 'superAdmin' ? !req.user!.isSuperAdmin : role === 'ADMIN' && req.shopRole !== 'ADMIN') throw forbidden();
}

function kindOf(name: string): SettingsKind {
  const k = settingsKind(name);
  if (!k) throw new AppError(404, format(messages.unknownSettingsKind, { kind: name.slice(0, 60) }), 'NOT_FOUND');
  return k;
}

async function read<T extends SettingsDocument>(req: FastifyRequest, shopId: string, name: string, k: SettingsKind<T>): Promise<T> {
  allow(req, k.read);
  return readSettings(k, await loadSettings(shopId, req.server.services.db, name));
}

async function write<T extends SettingsDocument>(req: FastifyRequest, shopId: string, name: string, k: SettingsKind<T>, body: unknown): Promise<T> {
  allow(req, k.write);
  const { db, clock } = req.server.services;
  const schema = k.schemaFor ? k.schemaFor(await loadShop(shopId, db)) : k.schema;
  const parsed = { data: validBody(schema, body) };
  if (k.images) {
    // Image paths must be this server's uploads for the shop; the one already saved stays acceptable.
    const current = (await loadSettings(shopId, db, name)) as Record<string, unknown> | undefined;
    for (const [field, path] of Object.entries(k.images(parsed.data))) {
      if (path) await requireUsableImage(shopId, db, path, { userId: req.user!.id, currentPath: (current?.[field] as { path?: string } | null | undefined)?.path, field });
    }
  }
  const store = (value: T) => (k.toStored ? k.toStored(value) : value);
  if (!k.keep) {
    await saveSettings(shopId, db, name, store(parsed.data), req.user!.id, clock.now());
    return parsed.data;
  }
  const keep = k.keep;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as typeof db;
    const stored = (await lockSettings(shopId, tx, name)) as SettingsDocument | undefined;
    const value = keep(parsed.data, stored && k.fromStored ? k.fromStored(stored) : stored);
    await saveSettings(shopId, tx, name, store(value), req.user!.id, clock.now());
    return value;
  });
}

/**
 * GET|PUT /shops/:shopId/settings/:kind: every per-shop document, one registry entry each (domain/settings.ts).
 * Membership is checked by the shop scope; who may read or write a kind comes from its entry.
 */
const settings: FastifyPluginAsyncZod = async (app) => {
  // catalog: one topping's availability, without the whole document.
  await app.register(pizzaToppings);
  app.get(
    '/settings/:kind',
    { schema: { tags: ['settings'], summary: "A shop's settings document (its defaults when never saved)", params: kindParams, response: { 200: document } } },
    async (req) => read(req, req.params.shopId, req.params.kind, kindOf(req.params.kind)),
  );
  app.put(
    '/settings/:kind',
    { schema: { tags: ['settings'], summary: "Replace a shop's settings document", params: kindParams, body: document, response: { 200: document } } },
    async (req) => write(req, req.params.shopId, req.params.kind, kindOf(req.params.kind), req.body),
  );

  // The path the transaction fee had before the settings endpoint; same code, and the route itself says super admin.
  const fee = SETTINGS.transaction_fee;
  app.get(
    '/transaction_fee',
    {
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: { tags: ['platform'], summary: "A shop's transaction fee (alias of settings/transaction_fee)", params: shopParams, response: { 200: fee.schema } },
    },
    async (req) => read(req, req.params.shopId, 'transaction_fee', fee),
  );
  app.put(
    '/transaction_fee',
    {
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: { tags: ['platform'], summary: "Set a shop's transaction fee (alias of settings/transaction_fee)", params: shopParams, body: document, response: { 200: fee.schema } },
    },
    async (req) => write(req, req.params.shopId, 'transaction_fee', fee, req.body),
  );
};
export default settings;
