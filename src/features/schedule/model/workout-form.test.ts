// @clock-sensitive: days from today
import { describe, expect, it } from 'vitest';
import type { WorkoutDoc } from '@/db/schemas/workouts';
import {
  applyPreset,
  changeType,
  earnsPlanningXp,
  emptyForm,
  formFromWorkout,
  PRESETS,
  validateWorkoutForm,
} from './workout-form';

const legDay = PRESETS.find((p) => p.id === 'leg_day');
if (!legDay) throw new Error('no leg day preset');

describe('validateWorkoutForm', () => {
  it('asks for a type on an empty form and keeps the date', () => {
    const result = validateWorkoutForm(emptyForm('2026-11-22'));
    expect(result).toEqual({ ok: false, errors: { type: 'typeRequired' } });
  });

  it('turns a preset into planWorkout input', () => {
    const values = { ...applyPreset(emptyForm('2026-11-22'), legDay), time: '18:30', reminder: '30' };
    expect(validateWorkoutForm(values)).toEqual({
      ok: true,
      input: {
        type: 'strength',
        preset: 'leg_day',
        date: '2026-11-22',
        time: '18:30',
        duration_min: 60,
        notes: null,
        reminder_min: 30,
      },
    });
  });

  it('reports every bad field at once', () => {
    const result = validateWorkoutForm({
      preset: null,
      type: 'yoga',
      date: '2026-02-30',
      time: '25:00',
      duration: '1.5',
      notes: 'x'.repeat(2001),
      reminder: '15',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        date: 'dateInvalid',
        time: 'timeInvalid',
        duration: 'durationInvalid',
        notes: 'notesTooLong',
      },
    });
  });

  it('checks limits: duration 1..1440, date 2000..2100, a reminder needs a time', () => {
    const base = { ...emptyForm('2026-11-22'), type: 'cardio' as const };
    expect(validateWorkoutForm({ ...base, duration: '0' })).toMatchObject({
      errors: { duration: 'durationInvalid' },
    });
    expect(validateWorkoutForm({ ...base, duration: '1441' })).toMatchObject({
      errors: { duration: 'durationInvalid' },
    });
    expect(validateWorkoutForm({ ...base, duration: '1440' }).ok).toBe(true);
    expect(validateWorkoutForm({ ...base, date: '' })).toMatchObject({ errors: { date: 'dateRequired' } });
    expect(validateWorkoutForm({ ...base, date: '1999-12-31' })).toMatchObject({
      errors: { date: 'dateInvalid' },
    });
    expect(validateWorkoutForm({ ...base, reminder: '15' })).toMatchObject({
      errors: { reminder: 'reminderNeedsTime' },
    });
    expect(validateWorkoutForm({ ...base, reminder: 'soon', time: '07:00' })).toMatchObject({
      errors: { reminder: 'reminderInvalid' },
    });
    expect(validateWorkoutForm({ ...base, notes: '   ' })).toMatchObject({ input: { notes: null } });
  });
});

describe('presets and types', () => {
  it('fills type and duration, and a different type ends the preset', () => {
    const withPreset = applyPreset({ ...emptyForm('2026-11-22'), time: '07:00' }, legDay);
    expect(withPreset).toMatchObject({ preset: 'leg_day', type: 'strength', duration: '60', time: '07:00' });
    expect(changeType(withPreset, 'strength').preset).toBe('leg_day');
    expect(changeType(withPreset, 'yoga')).toMatchObject({ preset: null, type: 'yoga' });
  });

  it('has the spec’s five presets', () => {
    expect(PRESETS.map((p) => p.id)).toEqual(['push_day', 'pull_day', 'leg_day', 'full_body', 'cardio']);
  });

  it('round-trips a stored workout into form values', () => {
    const doc: WorkoutDoc = {
      id: 'w',
      user_id: 'u',
      type: 'hiit',
      preset: null,
      title: null,
      date: '2026-11-23',
      time: '06:45:00',
      duration_min: 25,
      notes: 'intervals',
      reminder_min: 10,
      joined_from: null,
      created_at: '2026-11-22T10:00:00Z',
    };
    const values = formFromWorkout(doc);
    expect(values).toEqual({
      preset: null,
      type: 'hiit',
      date: '2026-11-23',
      time: '06:45',
      duration: '25',
      notes: 'intervals',
      reminder: '10',
    });
    expect(validateWorkoutForm(values)).toMatchObject({
      ok: true,
      input: { time: '06:45', reminder_min: 10 },
    });
  });
});

describe('earnsPlanningXp', () => {
  it('is true from two days back to 90 days ahead, once per date', () => {
    const none = new Set<string>();
    expect(earnsPlanningXp('2026-11-21', '2026-11-22', none)).toBe(true);
    expect(earnsPlanningXp('2026-11-20', '2026-11-22', none)).toBe(true);
    expect(earnsPlanningXp('2026-11-19', '2026-11-22', none)).toBe(false);
    expect(earnsPlanningXp('2027-02-20', '2026-11-22', none)).toBe(true);
    expect(earnsPlanningXp('2027-02-21', '2026-11-22', none)).toBe(false);
    expect(earnsPlanningXp('2026-11-22', '2026-11-22', new Set(['2026-11-22']))).toBe(false);
    expect(earnsPlanningXp('', '2026-11-22', none)).toBe(false);
  });
});
