import { HttpError } from 'react-admin';
import { messages } from '../domain/messages';
import { apiUrl } from './deployment';
import { NO_RESPONSE_STATUS } from './request';
import { expireSession, getAccessToken } from './session';

/**
 * Binary answers (credential files, CSV exports) with the session's token, saved by the browser under the name
 * the server gave. The JSON client reads bodies as text, which would corrupt a certificate.
 */
export async function saveDownload(path: string, fallbackName: string): Promise<void> {
  const token = await getAccessToken().catch(() => null);
  let res: Response;
  try {
    res = await fetch(`${apiUrl}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  } catch {
    throw new HttpError(messages.noResponse, NO_RESPONSE_STATUS, { message: messages.noResponse });
  }
  if (!res.ok) {
    if (res.status === 401) expireSession();
    const body = await res.json().catch(() => ({ message: `HTTP ${res.status}` }));
    throw new HttpError(body.message, res.status, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
