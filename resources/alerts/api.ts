import { call, seg } from '../../providers/call';

/**
 * The alerts area's calls beside CRUD: the shop's last alerts are getList('alerts', { meta: { shopId } }) and the
 * platform's failed jobs getList('platform/jobs/failed'); the member's preferences and each order's alert log are
 * shared calls of the dataProvider (the boards and the order page read them too).
 */
export const api = {
  retryFailedJob: (jobId: string) => call<unknown>(`/platform/jobs/failed/${seg(jobId)}/retry`, { method: 'POST' }),
};

export type AlertsApi = typeof api;
