import { describe, it, expect } from 'vitest';
import {
  FALLBACK_LANGUAGE,
  SUPPORTED_LANGUAGES,
  isSafeLanguageCode,
  isSupportedLanguage,
  resolveLanguage,
} from './language';

describe('language constants', () => {
  it('supports en, de and it with en as fallback', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'de', 'it']);
    expect(FALLBACK_LANGUAGE).toBe('en');
  });
});

describe('isSafeLanguageCode', () => {
  it('accepts language-tag shapes', () => {
    for (const code of [
      'en',
      'de',
      'it',
      'de-AT',
      'en-US',
      'de_CH',
      'zh-Hant-TW',
      'sr-Latn-RS',
      'de-CH-1996',
      'fil',
    ]) {
      expect(isSafeLanguageCode(code), code).toBe(true);
    }
  });

  it('refuses markup, script and anything else that is not a tag', () => {
    const bad = [
      '',
      '<script>alert(1)</script>',
      'en<img src=x onerror=alert(1)>',
      '"><svg onload=alert(1)>',
      "en' onmouseover='x",
      'en"',
      'javascript:alert(1)',
      'JavaScript',
      'javascript',
      'vbscript',
      'data:text/html;base64,PHNjcmlwdD4=',
      'onload',
      'onerror-x',
      'en onload=x',
      'onclick=alert(1)',
      'alert(1)',
      'de-(AT)',
      'en;',
      'en/../../etc',
      'en%3Cscript',
      'en&lt;',
      ' en',
      'en ',
      'e',
      'toolonglanguage',
      'de--AT',
      'de-',
      '-de',
      'de-ABCDEFGHI',
      'a'.repeat(2) + '-abc'.repeat(10),
      'ｄｅ',
      'de\u0000',
      'de\n',
    ];
    for (const code of bad) expect(isSafeLanguageCode(code), JSON.stringify(code)).toBe(false);
  });

  it('refuses non-strings from untyped callers', () => {
    expect(isSafeLanguageCode(42 as unknown as string)).toBe(false);
    expect(isSafeLanguageCode(null as unknown as string)).toBe(false);
  });
});

describe('isSupportedLanguage', () => {
  it('is exact', () => {
    expect(isSupportedLanguage('de')).toBe(true);
    expect(isSupportedLanguage('de-AT')).toBe(false);
    expect(isSupportedLanguage('fr')).toBe(false);
    expect(isSupportedLanguage(undefined)).toBe(false);
  });
});

describe('resolveLanguage', () => {
  it('maps regional and differently written codes to the primary language', () => {
    expect(resolveLanguage('de-AT')).toBe('de');
    expect(resolveLanguage('DE')).toBe('de');
    expect(resolveLanguage('de_CH')).toBe('de');
    expect(resolveLanguage('it-IT')).toBe('it');
    expect(resolveLanguage('en-GB')).toBe('en');
    expect(resolveLanguage(' it ')).toBe('it');
  });

  it('falls back to en for unsupported, missing or unsafe codes', () => {
    expect(resolveLanguage('fr')).toBe('en');
    expect(resolveLanguage('fr-CH')).toBe('en');
    expect(resolveLanguage('')).toBe('en');
    expect(resolveLanguage(null)).toBe('en');
    expect(resolveLanguage(undefined)).toBe('en');
    expect(resolveLanguage('de<script>')).toBe('en');
    expect(resolveLanguage('javascript:de')).toBe('en');
    expect(resolveLanguage('it"onload="x')).toBe('en');
  });
});
