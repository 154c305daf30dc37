/**
 * Haptic and sound feedback for key actions (plan a workout, confirm a rest day, claim a challenge...).
 *
 * This module owns two pieces of module-level state: the user's feedback preferences (kept current by the
 * settings sync hook from the synced user_settings row) and one lazily created AudioContext. Callers simply
 * fire `hapticFeedback(kind)` / `soundFeedback(kind)`; both are no-ops when the user turned the feature off,
 * when the platform lacks the API, or when the browser refuses (autoplay policy, no vibration motor).
 */

export type FeedbackKind = 'tap' | 'success' | 'error';

export interface FeedbackPreferences {
  haptics: boolean;
  sound: boolean;
}

/** Matches the user_settings defaults (haptics and sound on) so feedback works before the row loads. */
const DEFAULT_PREFERENCES: FeedbackPreferences = { haptics: true, sound: true };

let preferences: FeedbackPreferences = { ...DEFAULT_PREFERENCES };

export function setFeedbackPreferences(next: Partial<FeedbackPreferences>): void {
  preferences = { ...preferences, ...next };
}

export function getFeedbackPreferences(): FeedbackPreferences {
  return { ...preferences };
}

/** Back to the defaults (on sign-out, and between tests). */
export function resetFeedbackPreferences(): void {
  preferences = { ...DEFAULT_PREFERENCES };
}

/** Vibration patterns in milliseconds: a short tick, a double pulse, and a longer buzz-pause-buzz. */
export const VIBRATION_PATTERNS: Record<FeedbackKind, number | number[]> = {
  tap: 10,
  success: [20, 40, 30],
  error: [60, 50, 60],
};

/** Vibrates for `kind` when haptics are enabled. Returns whether a vibration was requested. */
export function hapticFeedback(kind: FeedbackKind): boolean {
  if (!preferences.haptics) return false;
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return false;
  try {
    return navigator.vibrate(VIBRATION_PATTERNS[kind]);
  } catch {
    return false;
  }
}

interface Note {
  /** Frequency in Hz. */
  frequency: number;
  /** Offset from the cue start, seconds. */
  at: number;
  /** Length, seconds. */
  duration: number;
}

/** Short cues: a click, a rising two-note chime, a falling two-note buzz. All well under half a second. */
export const SOUND_CUES: Record<FeedbackKind, { type: OscillatorType; notes: Note[] }> = {
  tap: { type: 'sine', notes: [{ frequency: 880, at: 0, duration: 0.05 }] },
  success: {
    type: 'sine',
    notes: [
      { frequency: 660, at: 0, duration: 0.1 },
      { frequency: 990, at: 0.1, duration: 0.16 },
    ],
  },
  error: {
    type: 'triangle',
    notes: [
      { frequency: 330, at: 0, duration: 0.12 },
      { frequency: 220, at: 0.12, duration: 0.18 },
    ],
  },
};

const PEAK_GAIN = 0.12;

type AudioContextConstructor = new () => AudioContext;

let audioContext: AudioContext | null = null;

function audioContextClass(): AudioContextConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  return w.AudioContext ?? w.webkitAudioContext;
}

/** Created on first use (inside a user gesture, which browsers require before audio may start). */
function getAudioContext(): AudioContext | null {
  if (audioContext) return audioContext;
  const Ctor = audioContextClass();
  if (!Ctor) return null;
  try {
    audioContext = new Ctor();
  } catch {
    return null;
  }
  return audioContext;
}

/** Plays the cue for `kind` when sound is enabled. Returns whether a cue was scheduled. */
export function soundFeedback(kind: FeedbackKind): boolean {
  if (!preferences.sound) return false;
  const ctx = getAudioContext();
  if (!ctx) return false;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const cue = SOUND_CUES[kind];
    const start = ctx.currentTime;
    for (const note of cue.notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = cue.type;
      osc.frequency.setValueAtTime(note.frequency, start + note.at);
      // A quick attack and exponential release avoid audible clicks at the note edges.
      gain.gain.setValueAtTime(0.0001, start + note.at);
      gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, start + note.at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.duration);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(start + note.at);
      osc.stop(start + note.at + note.duration + 0.02);
    }
    return true;
  } catch {
    return false;
  }
}

/** Both at once, the usual call on a key action. */
export function feedback(kind: FeedbackKind): void {
  hapticFeedback(kind);
  soundFeedback(kind);
}

/** Test hook: forget the cached AudioContext so a test can install its own constructor. */
export function resetAudioContextForTests(): void {
  audioContext = null;
}
