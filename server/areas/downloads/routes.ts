import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEVICE_CSV_COLUMNS, DOWNLOADS_PAGE_SIZE, dailyDownloads, devicePage, downloadStats } from '../../../domain/apps';
import {
  allDevices,
  dailyDownloads as readDaily,
  devicePage as readPage,
  downloadStats as readStats,
  requireDownloadsReader,
} from '../apps';
import { apiError, csvResponse } from '../../infra/http/schemas';
import { formulaSafe } from '../../infra/http/formulaSafe';

const params = z.object({ bundleId: z.string().min(1).max(200) });

/**
 * /reports/apps/{bundleId}/downloads/…: an app's installs. Readable by members of a shop that is one of the app's
 * outlets and by super admins; anyone else gets the 404 an unknown app gets.
 */
const downloads: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];
  app.addHook('preHandler', async (req) => {
    await requireDownloadsReader(app.services.db, (req.params as { bundleId: string }).bundleId, req.user!);
  });

  app.get(
    '/stats',
    { schema: { tags, summary: 'Total, iOS and Android installs', params, response: { 200: downloadStats, 404: apiError } } },
    async (req) => readStats(app.services.db, req.params.bundleId),
  );

  app.get(
    '/devices',
    {
      schema: {
        tags,
        summary: 'Devices, most recently seen first, 100 a page',
        params,
        querystring: z.object({
          pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
          limit: z.coerce.number().int().min(1).max(DOWNLOADS_PAGE_SIZE).default(DOWNLOADS_PAGE_SIZE),
        }),
        response: { 200: devicePage, 404: apiError },
      },
    },
    async (req) => readPage(app.services.db, req.params.bundleId, req.query.pageNumber, req.query.limit),
  );

  app.get(
    '/daily',
    {
      schema: {
        tags,
        summary: 'New devices per day (UTC) for the last 90 days, iOS and Android',
        params,
        response: { 200: dailyDownloads, 404: apiError },
      },
    },
    async (req) => readDaily(app.services.db, req.params.bundleId, app.services.clock.now()),
  );

  app.get(
    '/devices.csv',
    {
      schema: {
        tags,
        summary: 'Every device as CSV (streamed; cells that a spreadsheet would run as a formula are quoted)',
        params,
        response: { 200: csvResponse('The devices, one row each, under a header row'), 404: apiError },
      },
    },
    async (req, reply) => {
      const { bundleId } = req.params;
      const rows = Readable.from(allDevices(app.services.db, bundleId));
      const csv = stringify({ header: true, columns: [...DEVICE_CSV_COLUMNS], cast: { string: formulaSafe } });
      rows.on('error', (e) => csv.destroy(e));
      const name = `downloads-${bundleId.replace(/[^a-z0-9.]/g, '')}.csv`;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(rows.pipe(csv));
    },
  );
};
export default downloads;
