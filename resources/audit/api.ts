import type { AuditActor, AuditEntry } from '../../domain/audit';
import { call, shop } from '../../providers/call';
import { saveDownload } from '../../providers/files';

export interface AuditFilter {
  actor?: string;
  kind?: string;
  from?: string;
  to?: string;
}

const filterQuery = (filter: AuditFilter) => {
  const set = Object.fromEntries(Object.entries(filter).filter(([, v]) => Boolean(v)));
  return `filter=${encodeURIComponent(JSON.stringify(set))}`;
};

/** The shop's audit log: a page of entries (newest first), who appears in it, and its CSV. */
export const api = {
  getAuditLog: (shopId: string, filter: AuditFilter) =>
    call<AuditEntry[]>(`${shop(shopId)}/audit?${filterQuery(filter)}&range=${encodeURIComponent('[0,99]')}`),
  getAuditActors: (shopId: string) => call<AuditActor[]>(`${shop(shopId)}/audit/actors`),
  downloadAuditCsv: (shopId: string, filter: AuditFilter) =>
    saveDownload(`${shop(shopId)}/audit.csv?${filterQuery(filter)}`, 'audit-log.csv'),
};

export type AuditApi = typeof api;
