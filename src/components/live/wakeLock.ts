type Sentinel = { release(): Promise<void>; addEventListener?: (t: string, f: () => void) => void };
type WakeLockNavigator = Navigator & { wakeLock?: { request(type: 'screen'): Promise<Sentinel> } };

/**
 * The tab's one screen Wake Lock, held while any started live board is open (the tablet must not sleep while taking
 * orders or bookings). The browser drops it whenever the tab is hidden; it is taken again when the tab comes back.
 */
let holders = 0;
let lock: Sentinel | null = null;
let awake = false;
const listeners = new Set<() => void>();

function setAwake(value: boolean) {
  if (awake === value) return;
  awake = value;
  for (const listener of listeners) listener();
}

async function acquire() {
  const nav = navigator as WakeLockNavigator;
  if (!nav.wakeLock || document.visibilityState !== 'visible' || lock) return;
  try {
    const sentinel = await nav.wakeLock.request('screen');
    if (holders === 0) {
      await sentinel.release().catch(() => undefined);
      return;
    }
    lock = sentinel;
    setAwake(true);
    sentinel.addEventListener?.('release', () => {
      if (lock === sentinel) lock = null;
      setAwake(false);
    });
  } catch {
    setAwake(false);
  }
}

const again = () => {
  if (document.visibilityState === 'visible') void acquire();
};

/** Holds the screen awake until the returned function is called. */
export function holdWakeLock(): () => void {
  holders += 1;
  if (holders === 1) document.addEventListener('visibilitychange', again);
  void acquire();
  return () => {
    holders -= 1;
    if (holders > 0) return;
    document.removeEventListener('visibilitychange', again);
    const held = lock;
    lock = null;
    setAwake(false);
    void held?.release().catch(() => undefined);
  };
}

export const subscribeWakeLock = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether the screen is being kept awake right now. */
export const isAwake = () => awake;
