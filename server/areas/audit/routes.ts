import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_KINDS,
  auditActorSchema,
  auditCsvRows,
  auditEntrySchema,
  auditFilterShape,
  platformAuditFilterShape,
  type AuditEntry,
} from '../../../domain/audit';
import { DEFAULT_RANGE, listQuery, sendRange } from '../../infra/db/list';
import { formulaSafe } from '../../infra/http/formulaSafe';
import { shopParams } from '../../infra/http/params';
import { apiError, csvResponse } from '../../infra/http/schemas';
import { allAudit, AUDIT_SORTABLE, auditActors, listAudit, shopTimeZone, type AuditFilter, type AuditScope } from './repo';

const tags = ['audit'];
const filterHelp =
  '`filter={"actor":"<member or API key id>","kind":"item","from":"<ISO instant>","to":"<ISO instant>"}` (from inclusive, ' +
  `to exclusive; a kind finds its sub-kinds, \`settings\` every settings.<kind>). Kinds: ${AUDIT_KINDS.join(', ')}.`;
const csvFilter = (shape: z.ZodRawShape) => z.object({ filter: listQuery(AUDIT_SORTABLE, shape).shape.filter });

/** The log as CSV, one row per changed field, streamed in batches. */
function sendCsv(reply: FastifyReply, entries: AsyncIterable<AuditEntry>, timeZone: string, name: string) {
  const toRows = new Transform({
    objectMode: true,
    transform(entry: AuditEntry, _enc, done) {
      for (const row of auditCsvRows(entry, timeZone)) this.push(row);
      done();
    },
  });
  const csv = stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS], cast: { string: formulaSafe } });
  const out = pipeline(Readable.from(entries), toRows, csv, () => {});
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'no-store')
    .send(out);
}

/** /shops/:shopId/audit: the shop's log, for its ADMINs (and super admins). Nothing here changes an entry. */
export const shopAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const scope = (shopId: string): AuditScope => ({ shopId });

  app.get(
    '/audit',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags,
        summary: "The shop's audit log, newest first",
        description:
          'Every change a member or an API key made to the shop (and its members’ two-factor changes and sign-ins from ' +
          `a new device): who, when, from where, and each changed field before and after. ra-data-simple-rest list: ${filterHelp}`,
        params: shopParams,
        querystring: listQuery(AUDIT_SORTABLE, auditFilterShape),
        response: { 200: z.array(auditEntrySchema), 400: apiError },
      },
    },
    async (req, reply) => {
      const { sort = ['at', 'DESC'], range = DEFAULT_RANGE, filter = {} } = req.query;
      const { rows, total } = await listAudit(db, scope(req.params.shopId), { sort, range, filter: filter as AuditFilter });
      sendRange(reply, 'audit', range, rows.length, total);
      return rows;
    },
  );

  app.get(
    '/audit.csv',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags,
        summary: "The shop's audit log as CSV (one row per changed field; times on the shop's clock)",
        description: `The same filters as the list: ${filterHelp}`,
        params: shopParams,
        querystring: csvFilter(auditFilterShape),
        response: { 200: csvResponse('The entries, newest first, under a header row'), 400: apiError },
      },
    },
    async (req, reply) => {
      const { shopId } = req.params;
      const filter = (req.query.filter ?? {}) as AuditFilter;
      return sendCsv(reply, allAudit(db, scope(shopId), filter), await shopTimeZone(db, shopId), 'audit-log.csv');
    },
  );

  app.get(
    '/audit/actors',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags,
        summary: 'Everyone in the shop’s audit log (members and API keys), for its “who” filter',
        params: shopParams,
        response: { 200: z.array(auditActorSchema) },
      },
    },
    async (req) => auditActors(db, scope(req.params.shopId)),
  );
};

const platformScope = (shopId: string | undefined): AuditScope =>
  shopId === 'platform' ? { platform: true } : shopId ? { shopId } : { all: true };

/** /platform/audit: every shop's log and the platform's own (super admins). */
export const platformAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    '/audit',
    {
      config: { auth: 'superAdmin' },
      schema: {
        tags,
        summary: 'Every audit entry: all shops’ and the platform’s own (super admins), newest first',
        description:
          `ra-data-simple-rest list. ${filterHelp} Also \`shopId\`: one shop's log, or \`platform\` for the platform's own ` +
          'documents (transaction fee defaults, the payment switch) and members’ account changes.',
        querystring: listQuery(AUDIT_SORTABLE, platformAuditFilterShape),
        response: { 200: z.array(auditEntrySchema), 400: apiError },
      },
    },
    async (req, reply) => {
      const { sort = ['at', 'DESC'], range = DEFAULT_RANGE, filter = {} } = req.query;
      const { shopId, ...rest } = filter;
      const { rows, total } = await listAudit(db, platformScope(shopId), { sort, range, filter: rest as AuditFilter });
      sendRange(reply, 'audit', range, rows.length, total);
      return rows;
    },
  );

  app.get(
    '/audit.csv',
    {
      config: { auth: 'superAdmin' },
      schema: {
        tags,
        summary: 'Every audit entry as CSV (super admins; times in UTC)',
        querystring: csvFilter(platformAuditFilterShape),
        response: { 200: csvResponse('The entries, newest first, under a header row'), 400: apiError },
      },
    },
    async (req, reply) => {
      const { shopId, ...rest } = (req.query.filter ?? {}) as AuditFilter & { shopId?: string };
      return sendCsv(reply, allAudit(db, platformScope(shopId), rest), 'UTC', 'audit-log-platform.csv');
    },
  );

  app.get(
    '/audit/actors',
    {
      config: { auth: 'superAdmin' },
      schema: { tags, summary: 'Everyone in the audit log (super admins)', response: { 200: z.array(auditActorSchema) } },
    },
    async () => auditActors(db, { all: true }),
  );
};
