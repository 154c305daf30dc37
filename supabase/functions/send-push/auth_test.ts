// Only the trigger's bearer secret opens send-push; no configured secret opens nothing.
import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import { isAuthorised } from './auth.ts';

const secret = 'a-long-enough-secret-value';

Deno.test('the bearer secret is required, exactly', () => {
  assertEquals(isAuthorised(`Bearer ${secret}`, secret), true);
  assertEquals(isAuthorised(`Bearer ${secret}x`, secret), false);
  assertEquals(isAuthorised(`Bearer ${secret.slice(1)}`, secret), false);
  assertEquals(isAuthorised(secret, secret), false);
  assertEquals(isAuthorised(null, secret), false);
});

Deno.test('without a (long enough) configured secret nobody is let in', () => {
  assertEquals(isAuthorised('Bearer ', ''), false);
  assertEquals(isAuthorised('Bearer x', undefined), false);
  assertEquals(isAuthorised('Bearer short', 'short'), false);
});
