/**
 * Writes supabase/functions/_shared/notification-texts.json: the words of a push message (app name,
 * "someone", each notification type, workout types, when) in every language, taken from
 * locales/<lng>/notifications.json. A deployed Edge Function cannot read the repo's locales/, so it ships
 * this copy; `scripts/gen-notification-texts.test.ts` fails when the copy is stale.
 * Run: `npx tsx scripts/gen-notification-texts.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const LANGUAGES = ['en', 'de', 'it'] as const;
export const TEXTS_PATH = fileURLToPath(
  new URL('../supabase/functions/_shared/notification-texts.json', import.meta.url),
);
const localesDir = fileURLToPath(new URL('../locales/', import.meta.url));

type Tree = { [key: string]: string | Tree };

/** The parts of notifications.json a push message uses (the in-app list's words stay out). */
function pushTexts(catalog: Tree): Tree {
  const push = catalog.push;
  const appName = typeof push === 'object' ? push.appName : undefined;
  const picked: Tree = {};
  if (typeof appName === 'string') picked.push = { appName };
  for (const key of ['someone', 'types', 'workoutTypes', 'when']) {
    const value = catalog[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}

/** The file's text, as the generator writes it. */
export function notificationTextsJson(): string {
  const all: Tree = {};
  for (const language of LANGUAGES) {
    const catalog = JSON.parse(readFileSync(`${localesDir}${language}/notifications.json`, 'utf8')) as Tree;
    all[language] = pushTexts(catalog);
  }
  return `${JSON.stringify(all, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(TEXTS_PATH, notificationTextsJson());
  console.log(`wrote ${TEXTS_PATH}`);
}
