import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { format, messages } from '../../../domain/messages';
import { readSettings, type SettingsDocument, type SettingsRole } from '../../../domain/settings';
import { staffPermissionDenied } from '../../../domain/staffPermissions';
import { AppError, forbidden } from '../../infra/http/errors';
import { loadSettings, lockSettings, saveSettings } from '../../infra/db/settings';
import { saveSettingsAnnounced } from './repo';
import { requireUsableImage } from '../../infra/images/usable';
import { loadShop } from '../shops';
import { shopParams } from '../../infra/http/params';
import { validBody } from '../../infra/http/validBody';
import { requireStepUp } from '../../infra/auth/stepUp';
import type { ServedSettingsKind } from '../types';

export const document = z.record(z.string(), z.unknown()).describe('The whole document of the kind (see domain/settings.ts)');

/** The shop scope has made sure the caller is a member (super admins act as ADMIN); the kind may ask for more. */
function allow(req: FastifyRequest, role: SettingsRole) {
  if (role === 'superAdmin' ? !req.user!.isSuperAdmin : role === 'ADMIN' && req.shopRole !== 'ADMIN') throw forbidden();
}

/** The kind named in a URL, as the areas declare it; unknown names (including `__proto__`) are a 404. */
function kindOf(req: FastifyRequest, name: string): ServedSettingsKind {
  const kinds = req.server.settingsKinds;
  const k = Object.hasOwn(kinds, name) ? kinds[name] : undefined;
  if (!k) throw new AppError(404, format(messages.unknownSettingsKind, { kind: name.slice(0, 60) }), 'NOT_FOUND');
  return k;
}

export async function read<T extends SettingsDocument>(
  req: FastifyRequest,
  shopId: string,
  name: string,
  k: ServedSettingsKind<T>,
): Promise<T> {
  allow(req, k.read);
  const { db, clock } = req.server.services;
  const value = readSettings(k, await loadSettings(shopId, db, name));
  return k.at ? k.at(value, clock.now()) : value;
}

export async function write<T extends SettingsDocument>(
  req: FastifyRequest,
  shopId: string,
  name: string,
  k: ServedSettingsKind<T>,
  body: unknown,
): Promise<T> {
  allow(req, k.write);
  if (k.writePermission && !req.staffPermissions?.[k.writePermission]) throw forbidden(staffPermissionDenied(k.writePermission));
  const { db, clock } = req.server.services;
  const schema = k.schemaFor ? k.schemaFor(await loadShop(shopId, db)) : k.schema;
  const parsed = { data: validBody(schema, body) };
  if (k.stepUp) await requireStepUp(req);
  if (k.images) {
    // Image paths must be this server's uploads for the shop; the one already saved stays acceptable.
    const current = (await loadSettings(shopId, db, name)) as Record<string, unknown> | undefined;
    for (const [field, path] of Object.entries(k.images(parsed.data))) {
      if (path)
        await requireUsableImage(shopId, db, path, {
          userId: req.user!.id,
          currentPath: (current?.[field] as { path?: string } | null | undefined)?.path,
          field,
        });
    }
  }
  const store = (value: T) => (k.toStored ? k.toStored(value) : value);
  if (k.event) {
    await saveSettingsAnnounced(shopId, db, { kind: name, value: store(parsed.data), event: k.event }, req.user!.id, clock.now());
    return parsed.data;
  }
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
 * GET|PUT /shops/:shopId/settings/:kind: every per-shop document the areas declare (their manifests' settingsKinds,
 * defined in domain/). Membership is checked by the shop scope; who may read or write a kind comes from its entry.
 */
const settings: FastifyPluginAsyncZod = async (app) => {
  const kindParams = shopParams.extend({ kind: z.string().describe(`Settings kind: ${Object.keys(app.settingsKinds).join(', ')}`) });
  app.get(
    '/settings/:kind',
    {
      schema: {
        tags: ['settings'],
        summary: "A shop's settings document (its defaults when never saved)",
        params: kindParams,
        response: { 200: document },
      },
    },
    async (req) => read(req, req.params.shopId, req.params.kind, kindOf(req, req.params.kind)),
  );
  app.put(
    '/settings/:kind',
    {
      schema: {
        tags: ['settings'],
        summary: "Replace a shop's settings document",
        params: kindParams,
        body: document,
        response: { 200: document },
      },
    },
    async (req) => write(req, req.params.shopId, req.params.kind, kindOf(req, req.params.kind), req.body),
  );
};
export default settings;
