// When a realtime row may go to RxDB directly: every column present, a readable and newer version.
import { describe, expect, it } from 'vitest';
import { modifiedMicros, ServerVersions } from './realtime-rows';
import type { ServerRow } from './rows';

const fields = ['id', 'user_id', 'title'];
const row = (modified: string, extra: Record<string, unknown> = {}): ServerRow => ({
  id: 'w1',
  user_id: 'u1',
  title: 't',
  _deleted: false,
  _modified: modified,
  ...extra,
});

describe('modifiedMicros', () => {
  it('reads PostgREST and realtime spellings of one instant alike, to the microsecond', () => {
    const a = modifiedMicros('2026-11-22T06:00:00.123456+00:00');
    expect(a).toBe(Date.parse('2026-11-22T06:00:00Z') * 1000 + 123456);
    expect(modifiedMicros('2026-11-22 06:00:00.123456+00')).toBe(a);
    expect(modifiedMicros('2026-11-22T07:00:00.123456+0100')).toBe(a);
    expect(modifiedMicros('2026-11-22T06:00:00.1Z')).toBe(Date.parse('2026-11-22T06:00:00Z') * 1000 + 100000);
    expect(modifiedMicros('2026-11-22T06:00:00+00:00')).toBe(Date.parse('2026-11-22T06:00:00Z') * 1000);
  });

  it('refuses what it cannot read exactly', () => {
    expect(modifiedMicros('yesterday')).toBeNull();
    expect(modifiedMicros('2026-11-22T06:00:00.1234567+00:00')).toBeNull();
  });
});

describe('ServerVersions.admit', () => {
  it('admits a complete row newer than anything seen, as a schema document', () => {
    const versions = new ServerVersions();
    expect(versions.admit(fields, row('2026-11-22T06:00:00.000002+00:00'))).toEqual({
      id: 'w1',
      user_id: 'u1',
      title: 't',
      _deleted: false,
    });
  });

  it('skips a row not newer than a pulled or applied version (a late realtime message)', () => {
    const versions = new ServerVersions();
    versions.record([row('2026-11-22T06:00:00.000002+00:00')]);
    expect(versions.admit(fields, row('2026-11-22T06:00:00.000001+00:00'))).toBeNull();
    expect(versions.admit(fields, row('2026-11-22T06:00:00.000002+00:00'))).toBeNull();
    expect(versions.admit(fields, row('2026-11-22T06:00:00.000003+00:00'))).not.toBeNull();
    // The applied version counts too.
    expect(versions.admit(fields, row('2026-11-22T06:00:00.000003+00:00'))).toBeNull();
  });

  it('leaves rows with a missing column or an unreadable version to a pull', () => {
    const versions = new ServerVersions();
    const partial = row('2026-11-22T06:00:00Z');
    delete partial.title;
    expect(versions.admit(fields, partial)).toBeNull();
    expect(versions.admit(fields, row('soon'))).toBeNull();
    expect(versions.admit(fields, row('2026-11-22T06:00:00Z', { _deleted: 'f' }))).toBeNull();
  });
});
