import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  feedback,
  getFeedbackPreferences,
  hapticFeedback,
  resetAudioContextForTests,
  resetFeedbackPreferences,
  setFeedbackPreferences,
  soundFeedback,
  VIBRATION_PATTERNS,
} from './index';

// The platform APIs are replaced by recorders: node has neither a vibration motor nor an audio device.
// What is under test is the gating by the user's preferences and what gets scheduled.
class RecordingAudioContext {
  static created = 0;
  state: 'running' | 'suspended' = 'suspended';
  currentTime = 10;
  destination = {};
  oscillators: { type: string; frequencies: number[]; start: number; stop: number }[] = [];
  resumed = 0;
  constructor() {
    RecordingAudioContext.created += 1;
    contexts.push(this);
  }
  resume() {
    this.resumed += 1;
    this.state = 'running';
    return Promise.resolve();
  }
  createOscillator() {
    const record = { type: '', frequencies: [] as number[], start: -1, stop: -1 };
    this.oscillators.push(record);
    return {
      set type(value: string) {
        record.type = value;
      },
      frequency: { setValueAtTime: (value: number) => record.frequencies.push(value) },
      connect: () => undefined,
      start: (at: number) => (record.start = at),
      stop: (at: number) => (record.stop = at),
    };
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: () => undefined,
    };
  }
}
let contexts: RecordingAudioContext[] = [];
const vibrate = vi.fn((pattern: number | number[]) => pattern !== undefined);

beforeEach(() => {
  contexts = [];
  RecordingAudioContext.created = 0;
  vibrate.mockClear();
  vi.stubGlobal('navigator', { vibrate });
  vi.stubGlobal('window', { AudioContext: RecordingAudioContext });
  resetAudioContextForTests();
  resetFeedbackPreferences();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetFeedbackPreferences();
});

describe('preferences', () => {
  it('default to on (the user_settings defaults) and merge partial updates', () => {
    expect(getFeedbackPreferences()).toEqual({ haptics: true, sound: true });
    setFeedbackPreferences({ sound: false });
    expect(getFeedbackPreferences()).toEqual({ haptics: true, sound: false });
  });
});

describe('hapticFeedback', () => {
  it('vibrates with the pattern of the kind when haptics are on', () => {
    expect(hapticFeedback('success')).toBe(true);
    expect(vibrate).toHaveBeenCalledWith(VIBRATION_PATTERNS.success);
  });

  it('does nothing when haptics are off', () => {
    setFeedbackPreferences({ haptics: false });
    expect(hapticFeedback('tap')).toBe(false);
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('does nothing where the platform cannot vibrate', () => {
    vi.stubGlobal('navigator', {});
    expect(hapticFeedback('error')).toBe(false);
  });
});

describe('soundFeedback', () => {
  it('schedules short notes on one lazily created AudioContext, resuming it when suspended', () => {
    expect(RecordingAudioContext.created).toBe(0);
    expect(soundFeedback('success')).toBe(true);
    expect(soundFeedback('tap')).toBe(true);
    expect(RecordingAudioContext.created).toBe(1);
    const [ctx] = contexts;
    expect(ctx?.resumed).toBe(1);
    expect(ctx?.oscillators.map((o) => o.frequencies[0])).toEqual([660, 990, 880]);
    for (const note of ctx?.oscillators ?? []) {
      expect(note.start).toBeGreaterThanOrEqual(10);
      expect(note.stop - 10).toBeLessThan(0.5);
    }
  });

  it('plays nothing, and creates no AudioContext, when sound is off', () => {
    setFeedbackPreferences({ sound: false });
    expect(soundFeedback('error')).toBe(false);
    expect(RecordingAudioContext.created).toBe(0);
  });

  it('is a no-op without Web Audio', () => {
    vi.stubGlobal('window', {});
    expect(soundFeedback('tap')).toBe(false);
  });
});

describe('feedback', () => {
  it('fires both, each under its own flag', () => {
    setFeedbackPreferences({ haptics: false, sound: true });
    feedback('success');
    expect(vibrate).not.toHaveBeenCalled();
    expect(contexts[0]?.oscillators).toHaveLength(2);
  });
});
