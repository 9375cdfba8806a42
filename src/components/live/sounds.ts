import { ALERT_SOUNDS, type AlertSound } from '../../../domain/preferences';

export const SOUNDS = ALERT_SOUNDS;
export type SoundName = AlertSound;

/**
 * One AudioContext for the whole tab: unlocked once by a gesture on either live board (New Orders, New Bookings) or
 * the alerts page's Test, it keeps playing when the user moves between them, so the second page needs no second press.
 */
let sharedAudio: AudioContext | null = null;

export function audioContext(): AudioContext | null {
  if (sharedAudio && sharedAudio.state !== 'closed') return sharedAudio;
  const AC = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  sharedAudio = AC ? new AC() : null;
  return sharedAudio;
}

/** The tab's AudioContext when a gesture has already unlocked it. */
export const runningAudio = (): AudioContext | null => (sharedAudio?.state === 'running' ? sharedAudio : null);

export const isSoundName = (v: unknown): v is SoundName => typeof v === 'string' && (SOUNDS as readonly string[]).includes(v);

/*
 * The built-in sounds, made with WebAudio so the console ships no audio files. Each is a few short notes: loud enough
 * over a kitchen, over before the next ring.
 */
interface Note {
  freq: number;
  /** Seconds after the sound starts. */
  at: number;
  /** Seconds until it has faded out. */
  length: number;
  type: OscillatorType;
  gain: number;
}

const NOTES: Record<SoundName, Note[]> = {
  // The boards' original alarm: high, low-high-low.
  default: [880, 1320, 880].map((freq, i) => ({ freq, at: i * 0.22, length: 0.2, type: 'sine', gain: 0.6 })),
  // A rising major triad.
  chime: [1047, 1319, 1568].map((freq, i) => ({ freq, at: i * 0.16, length: 0.45, type: 'sine', gain: 0.45 })),
  // A struck bell: a fundamental with inharmonic partials and a long tail.
  bell: [
    { freq: 660, at: 0, length: 1.4, type: 'sine', gain: 0.5 },
    { freq: 1320 * 1.19, at: 0, length: 0.9, type: 'sine', gain: 0.2 },
    { freq: 660 * 2.76, at: 0, length: 0.6, type: 'triangle', gain: 0.12 },
  ],
  // One bright, short ding, twice.
  ding: [0, 0.35].map((at) => ({ freq: 1568, at, length: 0.3, type: 'triangle', gain: 0.6 })),
};

/** Plays `name` now on `ac` (which must be running: a gesture has resumed it). */
export function playSound(ac: AudioContext, name: SoundName): void {
  const t = ac.currentTime;
  for (const note of NOTES[name] ?? NOTES.default) {
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.type = note.type;
    osc.frequency.value = note.freq;
    gain.gain.setValueAtTime(0.0001, t + note.at);
    gain.gain.exponentialRampToValueAtTime(note.gain, t + note.at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + note.at + note.length);
    osc.connect(gain).connect(ac.destination);
    osc.start(t + note.at);
    osc.stop(t + note.at + note.length + 0.01);
  }
}

/** Plays `name` once, from a click (the gesture is what lets the page make sound). False when the browser cannot. */
export async function previewSound(name: SoundName): Promise<boolean> {
  const ac = audioContext();
  if (!ac) return false;
  await ac.resume().catch(() => undefined);
  if (ac.state !== 'running') return false;
  playSound(ac, name);
  return true;
}
