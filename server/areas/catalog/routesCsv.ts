import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify/sync';
import {
  ITEM_CSV_MAX_ROWS,
  itemCsvColumns,
  itemCsvImportAnswer,
  itemCsvImportBody,
  itemCsvRow,
  quoteCell,
} from '../../../domain/catalog/itemCsv';
import { formulaSafe } from '../../infra/http/formulaSafe';
import { shopParams } from '../../infra/http/params';
import { csvResponse } from '../../infra/http/schemas';
import { categoriesByItem, csvItemOf } from './csvItems';
import { importItemsCsv } from './csvImport';
import { allItemRows } from './repoCsv';
import { loadMenu } from './repoMenu';

const COLUMNS_DOC =
  'Columns (docs/menu-csv.md): id, type, name, category1…, description, price (currency units, two decimals), sold_out ' +
  '(no, yes, or the instant it is back), no_discount, days, from, to, image, image_aspect_ratio, then per option N: ' +
  'optionN, optionN_multiple, optionN_optional, optionN_min, optionN_max and per choice M optionN_choiceM, ' +
  "optionN_choiceM_price, optionN_choiceM_sold_out; details: a pizza's sizes and toppings or a deal's parts as JSON.";

/**
 * The menu as a spreadsheet: GET /items/export.csv and POST /items/import (a dry run first, then all rows in one
 * transaction). Both need what editing items needs (the catalog permission for staff).
 */
const csvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/items/export.csv',
    {
      config: { staffPermission: 'catalog' },
      schema: {
        tags: ['items'],
        summary: "Every item of the shop as CSV (UTF-8 with a BOM; cells a spreadsheet would run as a formula start with ')",
        description: COLUMNS_DOC,
        params: shopParams,
        response: { 200: csvResponse('One row per item, under a header row') },
      },
    },
    async (req, reply) => {
      const { db } = app.services;
      const { shopId } = req.params;
      const [rows, menu] = await Promise.all([allItemRows(shopId, db), loadMenu(shopId, db)]);
      const categories = categoriesByItem(menu);
      const cells = rows.map((r) => itemCsvRow(csvItemOf(r, categories.get(r.id) ?? [])));
      const columns = itemCsvColumns(cells);
      const csv = stringify(
        cells.map((c) => columns.map((name) => c[name] ?? '')),
        { header: true, columns, bom: true, cast: { string: quoteCell(formulaSafe) } },
      );
      return reply
        .headers({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="items.csv"',
          'Cache-Control': 'no-store',
        })
        .send(csv);
    },
  );

  app.post(
    '/items/import',
    {
      config: { staffPermission: 'catalog' },
      // Two thousand rows of a wide menu are more than the default megabyte of JSON.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags: ['items'],
        summary: 'Import items from CSV rows: a dry run says what each row would do; without it, all rows are applied or none',
        description:
          `{ rows: [{ <column>: <cell> }], dryRun }: the rows as a CSV parser gives them, keyed by the header (line 1), at most ` +
          `${ITEM_CSV_MAX_ROWS}. A row with an id changes that item; without one it creates an item. Rows that change nothing ` +
          `are not written. Items not in the file stay as they are. ${COLUMNS_DOC}`,
        params: shopParams,
        body: itemCsvImportBody,
        response: { 200: itemCsvImportAnswer },
      },
    },
    async (req) =>
      importItemsCsv(req.params.shopId, app.services.db, req.body.rows, {
        dryRun: req.body.dryRun,
        userId: req.user!.id,
        now: app.services.clock.now(),
      }),
  );
};
export default csvRoutes;
