import { useCallback, useEffect, useRef, useState } from 'react';

/** A ringing order rings again this often until someone opens or acknowledges it. */
const RING_EVERY_MS = 4_000;

type WakeLockSentinelLike = { release(): Promise<void>; addEventListener?: (t: string, f: () => void) => void };

/**
 * The kitchen's alarm. Browsers keep audio silent until a gesture, so 'Start taking orders' creates and resumes the
 * AudioContext (and asks for a screen Wake Lock, where the browser has one, so the tablet stays awake). While
 * `ringing`, a chime plays now and every RING_EVERY_MS. `blocked` is true while the audio cannot play.
 */
export function useOrderAlarm(ringing: boolean, soundOn: boolean) {
  const ctx = useRef<AudioContext | null>(null);
  const wakeLock = useRef<WakeLockSentinelLike | null>(null);
  const [started, setStarted] = useState(false);
  const [audioState, setAudioState] = useState<AudioContextState | 'none'>('none');
  const [rings, setRings] = useState(0);
  const [awake, setAwake] = useState(false);

  const chime = useCallback(() => {
    const ac = ctx.current;
    if (!ac || ac.state !== 'running') return false;
    const t = ac.currentTime;
    for (const [i, freq] of [880, 1320, 880].entries()) {
      const osc = ac.createOscillator();
      const gain = ac.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t + i * 0.22);
      gain.gain.exponentialRampToValueAtTime(0.6, t + i * 0.22 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.22 + 0.2);
      osc.connect(gain).connect(ac.destination);
      osc.start(t + i * 0.22);
      osc.stop(t + i * 0.22 + 0.21);
    }
    setRings((n) => n + 1);
    return true;
  }, []);

  const keepAwake = useCallback(async () => {
    const nav = navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } };
    if (!nav.wakeLock || document.visibilityState !== 'visible') return;
    try {
      const lock = await nav.wakeLock.request('screen');
      wakeLock.current = lock;
      setAwake(true);
      lock.addEventListener?.('release', () => setAwake(false));
    } catch {
      setAwake(false);
    }
  }, []);

  /** Must run inside a click: that gesture is what lets the page make sound. */
  const start = useCallback(async () => {
    const AC = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AC) return;
    if (!ctx.current) {
      ctx.current = new AC();
      ctx.current.onstatechange = () => setAudioState(ctx.current!.state);
    }
    await ctx.current.resume().catch(() => undefined);
    setAudioState(ctx.current.state);
    setStarted(true);
    await keepAwake();
  }, [keepAwake]);

  // The Wake Lock is released whenever the tab is hidden; take it again when it comes back.
  useEffect(() => {
    if (!started) return;
    const again = () => {
      if (document.visibilityState === 'visible') void keepAwake();
    };
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [started, keepAwake]);

  useEffect(() => {
    if (!ringing || !soundOn || audioState !== 'running') return;
    chime();
    const timer = setInterval(chime, RING_EVERY_MS);
    return () => clearInterval(timer);
  }, [ringing, soundOn, audioState, chime]);

  useEffect(
    () => () => {
      void ctx.current?.close().catch(() => undefined);
      void wakeLock.current?.release().catch(() => undefined);
    },
    [],
  );

  return { started, start, test: chime, audioState, blocked: started && audioState !== 'running', rings, awake };
}
