// @clock-sensitive: timestamps, fake timers
// Echoes (echoes.ts): a change is one only when its record equals the latest state this database
// wrote of that document and the delivery stands for that one event; its pull is put off and shared,
// never dropped.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { EchoPulls } from './echoes';

const fields = ['id', 'user_id', 'date', 'title', 'notes'] as const;
const doc = { id: 'w1', user_id: 'u1', date: '2028-02-01', title: 'run', notes: null, _deleted: false };
const record = { ...doc, _modified: '2028-02-01T10:00:00.123456+00:00', extra_server_column: 1 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('recognises the record of the latest state written here', () => {
  const echoes = new EchoPulls(1_000);
  expect(echoes.isEcho('workouts', fields, record, 1)).toBe(false);
  echoes.remember('workouts', doc);
  expect(echoes.isEcho('rest_days', fields, record, 1)).toBe(false);
  expect(echoes.isEcho('workouts', fields, record, 1)).toBe(true);
  // A later local write of the document: the record of the earlier state is no echo of it.
  echoes.remember('workouts', { ...doc, title: 'edited' });
  expect(echoes.isEcho('workouts', fields, record, 1)).toBe(false);
  expect(echoes.isEcho('workouts', fields, { ...record, title: 'edited' }, 1)).toBe(true);
  echoes.stop();
});

it('pulls at once for a differing field, a delete flag, an absent-vs-value column or a coalesced burst', () => {
  const echoes = new EchoPulls(1_000);
  const cases: [Record<string, unknown>, number][] = [
    [{ ...record, title: 'trigger rewrote it' }, 1],
    [{ ...record, _deleted: true }, 1],
    [{ ...record, notes: 'x' }, 1],
    [record, 2],
  ];
  for (const [r, coalesced] of cases) {
    echoes.remember('workouts', doc);
    expect(echoes.isEcho('workouts', fields, r, coalesced)).toBe(false);
  }
  // Timestamps compare as instants: the server prints +00:00 (and microseconds) where the client wrote Z.
  echoes.remember('workouts', { ...doc, created_at: '2028-02-01T10:00:00.123Z' });
  expect(
    echoes.isEcho(
      'workouts',
      [...fields, 'created_at'],
      { ...record, created_at: '2028-02-01T10:00:00.123+00:00' },
      1,
    ),
  ).toBe(true);
  expect(
    echoes.isEcho(
      'workouts',
      [...fields, 'created_at'],
      { ...record, created_at: '2028-02-01T10:00:01.123+00:00' },
      1,
    ),
  ).toBe(false);
  // null and absent read alike (the realtime record carries every column, the document may omit one).
  const { notes: _omitted, ...withoutNotes } = doc;
  echoes.remember('workouts', withoutNotes);
  expect(echoes.isEcho('workouts', fields, record, 1)).toBe(true);
  echoes.stop();
});

it('puts the pull off and shares it among echoes; stop() cancels it', () => {
  const echoes = new EchoPulls(1_000);
  const pull = vi.fn();
  echoes.pullLater('workouts', pull);
  vi.advanceTimersByTime(600);
  echoes.pullLater('workouts', pull);
  vi.advanceTimersByTime(399);
  expect(pull).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(pull).toHaveBeenCalledTimes(1);
  echoes.pullLater('workouts', pull);
  echoes.stop();
  vi.advanceTimersByTime(5_000);
  expect(pull).toHaveBeenCalledTimes(1);
  expect(vi.getTimerCount()).toBe(0);
});

it('forgets the oldest documents beyond its bound', () => {
  const echoes = new EchoPulls(1_000);
  for (let i = 0; i < 501; i++) echoes.remember('workouts', { ...doc, id: `w${i}` });
  expect(echoes.isEcho('workouts', fields, { ...record, id: 'w0' }, 1)).toBe(false);
  expect(echoes.isEcho('workouts', fields, { ...record, id: 'w1' }, 1)).toBe(true);
  expect(echoes.isEcho('workouts', fields, { ...record, id: 'w500' }, 1)).toBe(true);
  echoes.stop();
});
