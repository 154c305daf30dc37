import { describe, expect, it } from 'vitest';
import {
  cookieLanguage,
  firstRequestedLanguage,
  queryLanguage,
  requestedLanguages,
  supportedLanguageOf,
} from './language-detection';

describe('language detection (the landing and the app alike)', () => {
  it('keeps supported codes by their primary subtag and drops the rest', () => {
    expect(supportedLanguageOf('de-AT')).toBe('de');
    expect(supportedLanguageOf('it_IT')).toBe('it');
    expect(supportedLanguageOf('fr')).toBeUndefined();
    expect(supportedLanguageOf('<script>')).toBeUndefined();
    expect(supportedLanguageOf(null)).toBeUndefined();
  });

  it('reads lng from the query, or from the fragment when the query is empty', () => {
    expect(queryLanguage('?lng=de', '')).toBe('de');
    expect(queryLanguage('', '#/home?lng=it')).toBe('it');
    expect(queryLanguage('?x=1', '#?lng=it')).toBeNull();
    expect(queryLanguage('?lng=de%2DAT', '')).toBe('de-AT');
  });

  it('reads the i18next cookie', () => {
    expect(cookieLanguage('a=1; i18next=it; b=2')).toBe('it');
    expect(cookieLanguage('xi18next=de')).toBeNull();
  });

  it('takes the first supported candidate in order, else English', () => {
    expect(requestedLanguages(['fr', null, 'de-CH', 'it'])).toEqual(['de', 'it']);
    expect(firstRequestedLanguage(['fr', 'es'])).toBe('en');
    expect(firstRequestedLanguage([undefined, 'it', 'de'])).toBe('it');
  });
});
