// The send-push Edge Function ships its own copy of the push texts (it cannot read locales/ once
// deployed); this fails when locales/*/notifications.json changed and the copy was not regenerated.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { notificationTextsJson, TEXTS_PATH } from './gen-notification-texts';

it('supabase/functions/_shared/notification-texts.json is current (npx tsx scripts/gen-notification-texts.ts)', () => {
  const texts = JSON.parse(notificationTextsJson()) as Record<string, { types: Record<string, string> }>;
  expect(Object.keys(texts)).toEqual(['en', 'de', 'it']);
  expect(texts.de?.types.friend_request_received).toContain('{{name}}');
  expect(readFileSync(TEXTS_PATH, 'utf8')).toBe(notificationTextsJson());
});
