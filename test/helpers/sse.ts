/** One parsed Server-Sent Event. */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/**
 * Reads a Server-Sent Events stream with fetch, the way EventSource parses it, so tests can await the next events
 * and close the connection when done.
 */
export async function openSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const queue: SseEvent[] = [];
  const comments: string[] = [];
  const ready: SseEvent[] = [];
  let waiters: (() => void)[] = [];
  let buffer = '';
  let ended = false;
  let markEnded!: () => void;
  const endedPromise = new Promise<void>((r) => (markEnded = r));
  const wake = () => {
    for (const w of waiters) w();
    waiters = [];
  };
  void (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const ev: SseEvent = { data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('id: ')) {
              ev.id = line.slice(4);
              isEvent = true;
            } else if (line.startsWith('data: ')) {
              ev.data += line.slice(6);
              isEvent = true;
            }
          }
          // 'ready' opens every stream with the id it starts from; tests look at the events after it.
          if (ev.event === 'ready') ready.push(ev);
          else if (isEvent) queue.push(ev);
        }
        wake();
      }
    } catch {
      // aborted
    }
    ended = true;
    markEnded();
    wake();
  })();
  return {
    status: res.status,
    headers: res.headers,
    comments,
    ready,
    /** Waits until `n` events have arrived (in total) and returns them all. */
    async events(n: number, timeoutMs = 10_000): Promise<SseEvent[]> {
      const deadline = Date.now() + timeoutMs;
      while (queue.length < n) {
        if (ended) throw new Error(`stream ended after ${queue.length} of ${n} events`);
        if (Date.now() > deadline) throw new Error(`only ${queue.length} of ${n} events arrived`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
      return queue.slice();
    },
    received: () => queue.slice(),
    /** Resolves when the stream has ended (the server closed it, or close() was called); rejects after `timeoutMs`. */
    ended: (timeoutMs = 10_000) =>
      Promise.race([
        endedPromise,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`the stream did not end within ${timeoutMs} ms`)), timeoutMs).unref(),
        ),
      ]),
    isEnded: () => ended,
    close: () => controller.abort(),
  };
}
