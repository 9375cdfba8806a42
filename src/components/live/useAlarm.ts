import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { holdWakeLock, isAwake, subscribeWakeLock } from './wakeLock';
import { audioContext, playSound, runningAudio, type SoundName } from './sounds';

/** Something that rings rings again this often until someone has seen it. */
const RING_EVERY_MS = 4_000;

/**
 * A live board's alarm. Browsers keep audio silent until a gesture, so the board's start button calls `start` inside
 * a click: it resumes the tab's AudioContext (and asks for a screen Wake Lock, where the browser has one, so the
 * tablet stays awake). While `ringing`, the user's chosen `sound` plays now and every RING_EVERY_MS. `blocked` is true
 * while the audio cannot play.
 */
export function useAlarm(ringing: boolean, soundOn: boolean, sound: SoundName = 'default') {
  // Started already when another board of this tab unlocked the sound.
  const [unlocked] = useState(runningAudio);
  const ctx = useRef<AudioContext | null>(unlocked);
  const [started, setStarted] = useState(unlocked !== null);
  const [audioState, setAudioState] = useState<AudioContextState | 'none'>(unlocked?.state ?? 'none');
  const [rings, setRings] = useState(0);
  const awake = useSyncExternalStore(subscribeWakeLock, isAwake, () => false);

  // The interval keeps ringing with the sound chosen since it started.
  const soundRef = useRef(sound);
  useEffect(() => {
    soundRef.current = sound;
  }, [sound]);

  const chime = useCallback(() => {
    const ac = ctx.current;
    if (!ac || ac.state !== 'running') return false;
    playSound(ac, soundRef.current);
    setRings((n) => n + 1);
    return true;
  }, []);

  /** Plays `name` once (an arrival that needs nobody: no ringing follows); false while the audio cannot play. */
  const once = useCallback((name: SoundName) => {
    const ac = ctx.current;
    if (!ac || ac.state !== 'running') return false;
    playSound(ac, name);
    return true;
  }, []);

  /** Must run inside a click: that gesture is what lets the page make sound. */
  const start = useCallback(async () => {
    const ac = audioContext();
    if (!ac) return;
    ctx.current = ac;
    await ac.resume().catch(() => undefined);
    setAudioState(ac.state);
    setStarted(true);
  }, []);

  // Follows the shared context's state (suspended by the browser, resumed by another board's press).
  useEffect(() => {
    const ac = ctx.current;
    if (!started || !ac) return;
    const follow = () => setAudioState(ac.state);
    ac.addEventListener('statechange', follow);
    return () => ac.removeEventListener('statechange', follow);
  }, [started]);

  // Once started (here, or on another board of this tab before this one opened), keep the screen awake.
  useEffect(() => (started ? holdWakeLock() : undefined), [started]);

  useEffect(() => {
    if (!ringing || !soundOn || audioState !== 'running') return;
    chime();
    const timer = setInterval(chime, RING_EVERY_MS);
    return () => clearInterval(timer);
  }, [ringing, soundOn, audioState, chime]);

  return { started, start, test: chime, once, audioState, blocked: started && audioState !== 'running', rings, awake };
}
