// Interface languages (spec points 1, 4 and 5): en, de, it; anything else falls back to en. Codes come from
// untrusted places (a `?lng=` query, a cookie, storage, the browser), so a code that does not have the shape
// of a language tag, in particular one that looks like markup or script, is dropped before it can reach
// i18next, a `lang` attribute or a URL.

export const SUPPORTED_LANGUAGES = ['en', 'de', 'it'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Longest code accepted; real tags such as `de-CH-1996` or `zh-Hant-TW` are far shorter. */
export const LANGUAGE_CODE_MAX_LENGTH = 35;

// BCP-47-ish: a 2-3 letter primary language (or the 4-8 letter registered forms), then subtags of 1-8
// letters or digits joined by `-` (or `_`, which some browsers and stores use). Nothing else: no spaces,
// quotes, angle brackets, parentheses, `:`, `=`, `/` or `;`, so `<script>`, `javascript:`, `onload=` and
// `en"onmouseover=` all fail.
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/;

// Letter-only words that fit the shape but are known injection vocabulary; refused outright so they can
// never be echoed anywhere (they would also fail the supported check, but a caller may log the code).
const SUSPICIOUS = /^(?:javascript|vbscript|script|data|on[a-z]+)(?:[-_]|$)/i;

/** True for a plausible language tag; false for anything that could be markup or script. */
export function isSafeLanguageCode(code: string): boolean {
  if (typeof code !== 'string') return false;
  if (code.length === 0 || code.length > LANGUAGE_CODE_MAX_LENGTH) return false;
  if (!LANGUAGE_TAG.test(code)) return false;
  return !SUSPICIOUS.test(code);
}

export function isSupportedLanguage(code: unknown): code is Language {
  return typeof code === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(code);
}

/**
 * The supported language for a detected code, by its primary subtag: `de-AT` and `DE_ch` give `de`.
 * Unsafe, unsupported, empty or missing codes give the fallback, `en`. Surrounding whitespace is ignored.
 */
export function resolveLanguage(code: string | null | undefined): Language {
  if (typeof code !== 'string') return FALLBACK_LANGUAGE;
  const trimmed = code.trim();
  if (!isSafeLanguageCode(trimmed)) return FALLBACK_LANGUAGE;
  const primary = trimmed.split(/[-_]/)[0]?.toLowerCase();
  return isSupportedLanguage(primary) ? primary : FALLBACK_LANGUAGE;
}
