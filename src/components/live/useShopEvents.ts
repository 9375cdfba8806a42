import { useEffect, useRef, useState } from 'react';
import { useApi } from '../api';

type ShopEventHandler = (type: string, data: Record<string, unknown>) => void;

const RETRY_MS = 3_000;

/**
 * Follows the shop's event stream, handing `onEvent` the events of the given types ('order.created', …). EventSource
 * cannot send the access token, so each connection first gets a short-lived ticket; when the stream drops, the hook
 * opens a new one with a fresh ticket and the last event id it saw, and the server replays what was missed.
 * `onConnect` runs on every (re)connection so the page can re-read.
 */
export function useShopEvents(
  shopId: string,
  types: readonly string[],
  onEvent: ShopEventHandler,
  onConnect: () => void,
): { online: boolean } {
  const api = useApi();
  const [online, setOnline] = useState(true);
  const handlers = useRef({ onEvent, onConnect });
  useEffect(() => {
    handlers.current = { onEvent, onConnect };
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
        const url = await api.eventStreamUrl(shopId, lastId);
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
            if (type === 'ready') return;
            try {
              handlers.current.onEvent(type, JSON.parse(message.data) as Record<string, unknown>);
            } catch {
              // A malformed event is skipped; the periodic re-read covers it.
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
