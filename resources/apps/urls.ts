/** The console's addresses of the white-label apps (spec 1 §2). */
export const APPS_LIST_URL = '/whitelabel/apps/list';
export const editUrl = (bundleId: string) => `/whitelabel/apps/${encodeURIComponent(bundleId)}/edit`;
