import type {
  AppstoreBody,
  AppstoreInfo,
  Build,
  CredentialFile,
  CredentialFileKind,
  PlaystoreBody,
  PlaystoreInfo,
  RunnerToken,
  Store,
} from '../../domain/apps';
import { apiUrl } from '../../providers/deployment';
import { httpClient } from '../../providers/httpClient';
import { saveDownload } from '../../providers/files';
import { call, seg } from '../../providers/call';

/** White-label apps (super admins; the apps themselves are the CRUD resource 'whitelabel/apps') and build runners. */
export const api = {
  getAppstore: (bundleId: string) => call<AppstoreInfo>(`/whitelabel/apps/${seg(bundleId)}/appstore`),
  putAppstore: (bundleId: string, body: AppstoreBody) =>
    call<AppstoreInfo>(`/whitelabel/apps/${seg(bundleId)}/appstore`, { method: 'PUT', body }),
  getPlaystore: (bundleId: string) => call<PlaystoreInfo>(`/whitelabel/apps/${seg(bundleId)}/playstore`),
  putPlaystore: (bundleId: string, body: PlaystoreBody) =>
    call<PlaystoreInfo>(`/whitelabel/apps/${seg(bundleId)}/playstore`, { method: 'PUT', body }),
  uploadCredentialFile: async (bundleId: string, kind: CredentialFileKind, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const res = await httpClient<CredentialFile>(`${apiUrl}/whitelabel/apps/${seg(bundleId)}/files/${kind}`, { method: 'PUT', body: form });
    return res.json;
  },
  // downloadUrl is the API's own path (/api/whitelabel/…); saveDownload adds the deployment's API base.
  downloadCredentialFile: (downloadUrl: string, name: string) => saveDownload(downloadUrl.replace(/^\/api/, ''), name),
  getBuilds: (bundleId: string) => call<Build[]>(`/whitelabel/apps/${seg(bundleId)}/builds`),
  requestBuild: (bundleId: string, store: Store) =>
    call<Build>(`/whitelabel/apps/${seg(bundleId)}/builds`, { method: 'POST', body: { store } }),
  getRunnerTokens: () => call<RunnerToken[]>('/build-runner/tokens'),
  createRunnerToken: (name: string) => call<{ id: string; token: string }>('/build-runner/tokens', { method: 'POST', body: { name } }),
  revokeRunnerToken: async (id: string) => {
    await call(`/build-runner/tokens/${seg(id)}`, { method: 'DELETE' });
  },
};

export type AppsApi = typeof api;
