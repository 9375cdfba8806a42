// What the early scripts of pre-rendered pages share (src/prerender/signInEarly.ts, an area's shop page script): they
// run before the console, as small classic scripts without React, so nothing here may import React or the console.
import type { SessionResponse } from '../../domain/account';
import { REQUEST_TIMEOUT_MS } from '../../domain/constants';
import type { Shop } from '../../domain/shop';
import { apiUrl } from '../../providers/deployment';
import { acrossTabs, handOverSession, mayHaveSession } from '../../providers/sessionStart';
import { PRERENDERED_ID, removeCopy } from './prerenderedCopy';

/**
 * Runs `work` once the browser has painted what is on screen now: a frame's animation callbacks run before it is
 * painted, so the next frame's are the first after it.
 */
export const afterPaint = (work: () => void) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(work)));

/**
 * Runs `work` once the browser has reported the paint of what was just written as the page's largest (or, when it is
 * not larger than what was there, once it has painted): the console's JavaScript is fetched after the first view is on
 * screen, not in competition with it.
 */
function afterLargestPaint(work: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    work();
  };
  const observer = typeof PerformanceObserver !== 'undefined' ? new PerformanceObserver(once) : null;
  try {
    observer?.observe({ type: 'largest-contentful-paint' });
  } catch {
    // A browser without the entry type: the painted frame is the signal.
  }
  afterPaint(() => setTimeout(once, 50));
}

/**
 * Starts the console from a pre-rendered page: its entry and modules are named by the copy (data-entry, data-preload).
 * `prefetch` only fetches them (low priority, nothing runs), `start` runs the console, once; `started` says if it has.
 */
export function consoleStarter(copy: HTMLElement) {
  const entry = copy.dataset.entry ?? '';
  const modules = (copy.dataset.preload ?? '').split(' ').filter(Boolean);
  const linkAll = (rel: string) => {
    for (const href of modules) document.head.append(Object.assign(document.createElement('link'), { rel, href, crossOrigin: '' }));
  };
  let started = false;
  return {
    prefetch: () => linkAll('prefetch'),
    started: () => started,
    start: () => {
      if (started) return;
      started = true;
      linkAll('modulepreload');
      void import(/* @vite-ignore */ entry);
    },
  };
}

/** Reads the API with the first view's session: the JSON answer, or a throw for anything but a 2xx. */
export type Get = <T>(path: string) => Promise<T>;

/**
 * A shop page's first view: signs in with the refresh cookie (the session goes to the console, which needs no refresh
 * of its own), reads the shop and the page's data (`load`) at once, writes the shop into the copy's frame and lets the
 * page fill the rest (`fill`), then starts the console once that has painted. Anything that fails (no session, a shop
 * the user cannot see, no answer) takes the copy away and starts the console at once: it says what is wrong.
 */
export function shopFirstView<Data>(
  load: (get: Get, shopId: string) => Promise<Data>,
  fill: (copy: HTMLElement, shop: Shop, data: Data) => void,
) {
  const copy = document.getElementById(PRERENDERED_ID);
  if (!copy) return;
  // The copy was rendered for every shop (/shops/:shopId/…): the console compares this with where it is.
  copy.dataset.path = location.pathname;
  const app = consoleStarter(copy);
  const giveUp = () => {
    removeCopy();
    app.start();
  };
  const shopId = /^\/shops\/([^/]+)\//.exec(location.pathname)?.[1];
  if (!shopId || !mayHaveSession()) return giveUp();

  const run = async () => {
    const session = await acrossTabs(async () => {
      const res = await fetch(`${apiUrl}/auth/refresh`, {
        method: 'POST',
        credentials: 'include',
        // A JSON body is what tells the server this is not a cross-site form.
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`refresh: ${res.status}`);
      return (await res.json()) as SessionResponse;
    });
    handOverSession(session);
    // Not let in yet (the console shows why): nothing of the shop to show.
    if (!session.user.emailVerified) throw new Error('e-mail not verified');
    const get: Get = async (path) => {
      const res = await fetch(`${apiUrl}${path}`, {
        headers: { Authorization: `Bearer ${session.accessToken}`, Accept: 'application/json' },
        // An answer that never comes gives up as the console's calls do; the console then says so.
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.json();
    };
    const [shop, data] = await Promise.all([get<Shop>(`/shops/${encodeURIComponent(shopId)}`), load(get, shopId)]);
    fillFrame(copy, shop);
    fill(copy, shop, data);
    afterLargestPaint(app.start);
  };
  run().catch(giveUp);
}

/** The frame around a shop page: the shop's name in the breadcrumb. */
function fillFrame(copy: HTMLElement, shop: Shop) {
  for (const el of copy.querySelectorAll('[data-part="shop-name"]')) el.textContent = shop.name;
}
