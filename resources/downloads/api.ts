import type { DailyDownloads, DevicePage, DownloadStats, ShopApp } from '../../domain/apps';
import { saveDownload } from '../../providers/files';
import { call, seg } from '../../providers/call';

/** Installs of the apps a shop is in (spec 2 §2). */
export const api = {
  getShopApps: (shopId: string) => call<ShopApp[]>(`/reports/shops/${seg(shopId)}/apps`),
  getDownloadStats: (bundleId: string) => call<DownloadStats>(`/reports/apps/${seg(bundleId)}/downloads/stats`),
  getDownloadDevices: (bundleId: string, pageNumber: number, limit: number) =>
    call<DevicePage>(
      `/reports/apps/${seg(bundleId)}/downloads/devices?${new URLSearchParams({ pageNumber: String(pageNumber), limit: String(limit) })}`,
    ),
  getDailyDownloads: (bundleId: string) => call<DailyDownloads>(`/reports/apps/${seg(bundleId)}/downloads/daily`),
  exportDownloads: (bundleId: string) => saveDownload(`/reports/apps/${seg(bundleId)}/downloads/devices.csv`, `downloads-${bundleId}.csv`),
};

export type DownloadsApi = typeof api;
