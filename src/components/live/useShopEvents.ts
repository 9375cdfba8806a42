import { useEffect, useRef, useState } from 'react';
import { useApi } from '../api';

type ShopEventHandler = (type: string, data: Record<string, unknown>) => void;

const RETRY_MS = 3_000;

/** The id the server's `ready` event says the stream starts after; null when it does not say. */
function readyFrom(data: string): string | null {
  try {
    const from = (JSON.parse(data) as { lastEventId?: unknown }).lastEventId;
    return typeof from === 'number' || typeof from === 'string' ? String(from) : null;
  } catch {
    return null;
  }
}

/**
 * Follows the shop's event stream, handing `onEvent` the events of the given types ('order.created', …). EventSource
 * cannot send the access token, so each connection first gets a short-lived ticket; when the stream drops, the hook
 * opens a new one with a fresh ticket and the last event id it saw, and the server replays what was missed.
 * `onConnect` runs on every (re)connection so the page can re-read. `onReady` runs on the server's first event of
 * each connection, saying whether the server replays from the id the hook sent (`resumed`): false on the first
 * connection (no id yet), and when the server starts elsewhere than asked (it cannot replay that far back), so what
 * happened meanwhile reaches the page only by reading again.
 */
export function useShopEvents(
  shopId: string,
  types: readonly string[],
  onEvent: ShopEventHandler,
  onConnect: () => void,
  onReady?: (resumed: boolean) => void,
): { online: boolean } {
  const api = useApi();
  const [online, setOnline] = useState(true);
  const handlers = useRef({ onEvent, onConnect, onReady });
  useEffect(() => {
    handlers.current = { onEvent, onConnect, onReady };
  });

  // The list's content, not its identity, decides when to reconnect.
  const typeList = types.join(',');

  useEffect(() => {
    const listened = ['ready', ...typeList.split(',').filter(Boolean)];
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let lastId: string | null = null;
    let stopped = false;
    const reopen = () => {
      if (stopped) return;
      clearTimeout(retry);
      retry = setTimeout(() => void open(), RETRY_MS);
    };
    const open = async () => {
      try {
        const sent = lastId;
        const url = await api.eventStreamUrl(shopId, sent);
        if (stopped) return;
        const es = new EventSource(url);
        source = es;
        es.onopen = () => {
          setOnline(true);
          handlers.current.onConnect();
        };
        for (const type of listened) {
          es.addEventListener(type, (e) => {
            const message = e as MessageEvent<string>;
            if (message.lastEventId) lastId = message.lastEventId;
            if (type === 'ready') {
              handlers.current.onReady?.(sent !== null && readyFrom(message.data) === sent);
              return;
            }
            try {
              handlers.current.onEvent(type, JSON.parse(message.data) as Record<string, unknown>);
            } catch {
              // A malformed event is skipped: nothing can be made of it.
            }
          });
        }
        es.onerror = () => {
          setOnline(false);
          es.close();
          reopen();
        };
      } catch {
        setOnline(false);
        reopen();
      }
    };
    void open();
    const goingOffline = () => setOnline(false);
    window.addEventListener('offline', goingOffline);
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      window.removeEventListener('offline', goingOffline);
    };
  }, [api, shopId, typeList]);

  return { online };
}
