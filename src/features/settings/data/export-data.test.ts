// @clock-sensitive: the export's date
import { describe, expect, it } from 'vitest';
import { exportFileName, exportMyData } from './export-data';

describe('export my data', () => {
  it('names the file after the local calendar day', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('spotter-data-2026-01-05.json');
  });

  it('does not call the server while offline', async () => {
    let calls = 0;
    const sync = {
      rpc: () => {
        calls += 1;
        return Promise.resolve({ ok: true as const, data: {} });
      },
    };
    expect(await exportMyData(sync, new Date(), false)).toEqual({
      ok: false,
      reason: 'offline',
      message: '',
    });
    expect(calls).toBe(0);
  });

  it('reports an unreachable server as offline and other refusals with their message', async () => {
    const failing = (code: string, status: number) => ({
      rpc: () => Promise.resolve({ ok: false as const, error: { code, message: `m-${code}`, status } }),
    });
    expect(await exportMyData(failing('network', 0), new Date(), true)).toMatchObject({ reason: 'offline' });
    expect(await exportMyData(failing('PGRST301', 401), new Date(), true)).toEqual({
      ok: false,
      reason: 'failed',
      message: 'm-PGRST301',
    });
  });
});
