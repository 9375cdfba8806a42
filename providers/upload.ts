import type { ImageAspect } from '../domain/constants';
import { messages } from '../domain/messages';
import { apiUrl } from './deployment';
import { NO_RESPONSE_STATUS, type ApiErrorBody } from './request';
import { expireSession, getAccessToken } from './session';

export interface UploadedImage {
  path: string;
  width: number;
  height: number;
}

/** A failed upload: the HTTP status (444 when no answer came) and the server's message when it sent one. */
export class UploadError extends Error {
  constructor(
    public status: number,
    message: string,
    public body?: ApiErrorBody,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

interface UploadOptions {
  /** The ratio the server checks the image against (the crop dialog already cut it to this). */
  aspect?: ImageAspect;
  filename?: string;
  /** Fraction of the bytes sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/uploads through XMLHttpRequest, the one browser API that reports upload progress.
 * No 20 s timeout here: a large photo on a slow connection may take longer, and the progress bar shows it moving.
 */
export async function uploadImage(file: Blob, opts: UploadOptions = {}): Promise<UploadedImage> {
  const token = await getAccessToken().catch(() => null);
  return new Promise<UploadedImage>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiUrl}/uploads`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status === 201 || xhr.status === 200) {
        opts.onProgress?.(1);
        resolve(body as UploadedImage);
        return;
      }
      const error = body && typeof (body as ApiErrorBody).message === 'string' ? (body as ApiErrorBody) : undefined;
      // The access token was fresh when sent, so a 401 means the session itself is gone.
      if (xhr.status === 401) expireSession();
      reject(new UploadError(xhr.status, error?.message ?? '', error));
    };
    xhr.onerror = () => reject(new UploadError(NO_RESPONSE_STATUS, messages.noResponse));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (opts.signal) {
      if (opts.signal.aborted) {
        reject(new DOMException('Upload cancelled', 'AbortError'));
        return;
      }
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    if (opts.aspect) form.append('aspect', opts.aspect);
    form.append('file', file, opts.filename ?? 'image');
    xhr.send(form);
  });
}

/** Server answers whose message is already written for a person (domain/messages.ts) and can be shown as sent. */
const READABLE_CODES = new Set(['TOO_LARGE', 'TOO_MANY_PIXELS', 'WRONG_ASPECT', 'NO_FILE', 'VALIDATION']);

/**
 * What to tell a person when an upload failed: never a driver's or browser's technical text (such as
 * 'The source image cannot be decoded.'), but what happened and what to try next. The HTTP status is
 * shown beside it as the spec's 'Upload error {code}'.
 */
export function uploadFailureMessage(error: unknown): string {
  if (!(error instanceof UploadError)) {
    // Failed in the browser before anything was sent: the picture could not be decoded, or not drawn.
    const e = error as Error | undefined;
    return e?.name === 'EncodingError' || /decode/i.test(e?.message ?? '') ? messages.uploadUnreadable : messages.uploadCropFailed;
  }
  const code = error.body?.code;
  if (code === 'NOT_AN_IMAGE') return messages.uploadUnreadable;
  if (code && READABLE_CODES.has(code) && error.message) return error.message;
  switch (error.status) {
    case NO_RESPONSE_STATUS:
      return messages.uploadOffline;
    case 401:
      return messages.uploadSignedOut;
    case 403:
      return messages.uploadNotAllowed;
    case 413:
      return messages.uploadTooLargeTryAnother;
    case 415:
    case 422:
      return messages.uploadUnreadable;
    case 429:
      return messages.uploadTooOften;
  }
  if (error.status >= 500) return messages.uploadServerFailed;
  // Another refusal of the file itself: our server's 400 messages are written for people.
  return error.status === 400 && error.message ? error.message : messages.uploadUnreadable;
}
