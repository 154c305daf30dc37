// A function's own HTTP answer (RAISE SQLSTATE 'PGRST' / 'PTnnn') and the pre-request setting's parsing.
import { describe, expect, it } from 'vitest';
import { preRequestCall } from '../db/request-context';
import { statusForSqlState, toErrorResponse } from './errors';

const quiet = () => undefined;

describe("RAISE SQLSTATE 'PGRST'", () => {
  it('answers the status, headers and body the function gave', () => {
    const answer = toErrorResponse(
      {
        code: 'PGRST',
        message: JSON.stringify({
          code: 'rate_limited',
          message: 'Too many requests',
          details: 'x',
          hint: null,
        }),
        detail: JSON.stringify({ status: 429, headers: { 'Retry-After': '17' } }),
      },
      'authenticated',
      quiet,
    );
    expect(answer).toEqual({
      status: 429,
      headers: { 'Retry-After': '17' },
      body: { code: 'rate_limited', message: 'Too many requests', details: 'x', hint: null },
    });
  });

  it('answers 500 PGRST121 when the message or detail is not JSON, and logs it', () => {
    const lines: string[] = [];
    for (const error of [
      { code: 'PGRST', message: 'not json', detail: '{"status":429}' },
      { code: 'PGRST', message: '{}', detail: 'not json' },
      { code: 'PGRST', message: '{}', detail: '{"status":99}' },
    ]) {
      const answer = toErrorResponse(error, 'anon', (line) => lines.push(line));
      expect(answer.status).toBe(500);
      expect(answer.body.code).toBe('PGRST121');
    }
    expect(lines).toHaveLength(3);
  });

  it("takes the status of 'PTnnn' codes", () => {
    expect(statusForSqlState('PT429', 'authenticated')).toBe(429);
    expect(statusForSqlState('PT402', 'anon')).toBe(402);
  });
});

describe('pgrst.db_pre_request', () => {
  it('calls schema.function quoted, a bare name in public', () => {
    expect(preRequestCall('request_guard.check_request')).toBe('select "request_guard"."check_request"()');
    expect(preRequestCall('check')).toBe('select "public"."check"()');
  });

  it('ignores what is not a plain name', () => {
    for (const setting of [undefined, '', 'a.b.c', 'x(); drop table y', 'a."b"', 'a b']) {
      expect(preRequestCall(setting)).toBeNull();
    }
  });
});
