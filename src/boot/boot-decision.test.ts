import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from '@/app/color-scheme';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n/detection';
import {
  chooseBootMode,
  COLOR_SCHEME_KEY,
  detectLanguage,
  LANGUAGE_KEY,
  type LanguageSources,
} from './boot-decision';

const none: LanguageSources = {
  search: '',
  hash: '',
  cookie: '',
  localStorage: null,
  sessionStorage: null,
  navigatorLanguages: [],
};

describe('chooseBootMode', () => {
  it('keeps the static landing for / without a session', () => {
    expect(chooseBootMode('/', '', false)).toBe('landing');
    expect(chooseBootMode('/', '#main', false)).toBe('landing');
  });

  it('starts the app for a stored session, an e-mail link fragment or any other path', () => {
    expect(chooseBootMode('/', '', true)).toBe('app');
    expect(chooseBootMode('/', '#access_token=x&type=signup', false)).toBe('app');
    expect(chooseBootMode('/', '#error_description=expired', false)).toBe('app');
    expect(chooseBootMode('/login', '', false)).toBe('app');
    expect(chooseBootMode('/home', '', true)).toBe('app');
    expect(chooseBootMode('/index.html', '', false)).toBe('app');
  });
});

describe('detectLanguage', () => {
  it('falls back to English', () => {
    expect(detectLanguage(none)).toBe('en');
    expect(detectLanguage({ ...none, navigatorLanguages: ['fr-FR', 'es'] })).toBe('en');
  });

  it('follows the detector order: query, cookie, localStorage, sessionStorage, browser', () => {
    const all: LanguageSources = {
      search: '?lng=it',
      hash: '',
      cookie: 'a=1; i18next=de',
      localStorage: 'en',
      sessionStorage: 'de',
      navigatorLanguages: ['it-IT'],
    };
    expect(detectLanguage(all)).toBe('it');
    expect(detectLanguage({ ...all, search: '' })).toBe('de');
    expect(detectLanguage({ ...all, search: '', cookie: '' })).toBe('en');
    expect(detectLanguage({ ...all, search: '', cookie: '', localStorage: null })).toBe('de');
    expect(detectLanguage({ ...none, navigatorLanguages: ['de-AT', 'it'] })).toBe('de');
    expect(detectLanguage({ ...none, hash: '#/x?lng=it' })).toBe('it');
  });

  it('skips unsupported or unsafe codes instead of stopping at them', () => {
    expect(detectLanguage({ ...none, search: '?lng=fr', navigatorLanguages: ['it'] })).toBe('it');
    expect(detectLanguage({ ...none, localStorage: '<script>', navigatorLanguages: ['de'] })).toBe('de');
    expect(detectLanguage({ ...none, navigatorLanguages: ['fr-CH', 'de-CH'] })).toBe('de');
  });
});

it('uses the same storage keys as the app', () => {
  expect(LANGUAGE_KEY).toBe(LANGUAGE_STORAGE_KEY);
  expect(COLOR_SCHEME_KEY).toBe(COLOR_SCHEME_STORAGE_KEY);
});
