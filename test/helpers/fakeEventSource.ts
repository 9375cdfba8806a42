/**
 * A stand-in for the browser's EventSource in jsdom (which has none), for console tests of the live boards: install()
 * puts it on globalThis, the test then sends events with emit() as the shop's stream would.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  private lastId = 0;

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
    queueMicrotask(() => this.onopen?.());
  }

  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  /** Delivers one event of `type` with `data` (JSON) to the listeners, with the next event id. */
  emit(type: string, data: unknown) {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId: String(++this.lastId) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The stream the page has open now (the last one not closed). */
  static current(): FakeEventSource {
    const open = FakeEventSource.instances.filter((s) => !s.closed);
    const last = open[open.length - 1];
    if (!last) throw new Error('No event stream is open');
    return last;
  }

  static install() {
    FakeEventSource.instances = [];
    (globalThis as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
  }
}
