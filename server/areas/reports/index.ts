import type { AreaManifest } from '../types';
import routes from './routes';
import * as tables from './tables';
import { startDailyDriftCheck } from './jobs';

/**
 * Reports: the Orders Report, the Transaction Report (sales and payouts), their CSVs and the home page's figures
 * (/api/reports/shops/:shopId/…), read from per-day totals that a trigger on orders keeps in the transaction of each
 * change that moves them; a daily job proves those totals against the orders.
 */
export const reportsArea: AreaManifest = { name: 'reports', routes: { reports: routes }, tables, jobs: [startDailyDriftCheck] };

export { checkDrift } from './jobs';
export { driftedDays, rebuildTotals } from './repo';
