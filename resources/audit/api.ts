import type { AuditActor } from '../../domain/audit';
import { call, shop } from '../../providers/call';
import { saveDownload } from '../../providers/files';

export interface AuditFilter {
  actor?: string;
  kind?: string;
  from?: string;
  to?: string;
  /** The platform's log only: one shop's id, or 'platform' for the platform's own. */
  shopId?: string;
}

/** The filters that are set (the API refuses an empty actor). */
export const setFilters = (filter: AuditFilter) => Object.fromEntries(Object.entries(filter).filter(([, v]) => Boolean(v)));

const filterQuery = (filter: AuditFilter) => `filter=${encodeURIComponent(JSON.stringify(setFilters(filter)))}`;

/**
 * Who appears in a log and its CSV; the entries themselves are CRUD lists: getList('audit', { meta: { shopId } })
 * and getList('platform/audit').
 */
export const api = {
  getAuditActors: (shopId: string) => call<AuditActor[]>(`${shop(shopId)}/audit/actors`),
  downloadAuditCsv: (shopId: string, filter: AuditFilter) =>
    saveDownload(`${shop(shopId)}/audit.csv?${filterQuery(filter)}`, 'audit-log.csv'),
  getPlatformAuditActors: () => call<AuditActor[]>('/platform/audit/actors'),
  downloadPlatformAuditCsv: (filter: AuditFilter) => saveDownload(`/platform/audit.csv?${filterQuery(filter)}`, 'audit-log-platform.csv'),
};

export type AuditApi = typeof api;
