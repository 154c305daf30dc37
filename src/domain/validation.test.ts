import { describe, it, expect } from 'vitest';
import en from '../../locales/en/validation.json';
import de from '../../locales/de/validation.json';
import it_ from '../../locales/it/validation.json';
import { PASSWORD_MIN_LENGTH, USERNAME_MIN } from './constants';
import {
  INVALID_CREDENTIALS_KEY,
  PROFILE_SIGN_IN_REQUIRED_KEY,
  VALIDATION_KEYS,
  isValid,
  isValidEmail,
  normalizeEmail,
  validateLogin,
  validateRegisterA,
  validateRegisterB,
  type ValidationMessageKey,
} from './validation';

function flatten(obj: object, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object') Object.assign(out, flatten(v as object, path));
    else out[path] = v;
  }
  return out;
}

const locales = { en: flatten(en), de: flatten(de), it: flatten(it_) };

function text(k: ValidationMessageKey | undefined, lng: keyof typeof locales = 'en'): unknown {
  return k === undefined ? undefined : locales[lng][k.replace(/^validation:/, '')];
}

describe('validation messages', () => {
  it('exist in en, de and it for exactly the declared keys, none empty', () => {
    for (const [lng, messages] of Object.entries(locales)) {
      expect(Object.keys(messages).sort(), lng).toEqual([...VALIDATION_KEYS].sort());
      for (const [k, v] of Object.entries(messages)) {
        expect(typeof v, `${lng}:${k}`).toBe('string');
        expect(String(v).trim(), `${lng}:${k}`).not.toBe('');
      }
    }
  });

  it('are translated, not copied', () => {
    for (const k of VALIDATION_KEYS) {
      expect(locales.de[k], k).not.toBe(locales.en[k]);
      expect(locales.it[k], k).not.toBe(locales.en[k]);
    }
  });

  it("use the spec's English texts", () => {
    expect(locales.en['email.invalid']).toBe('Please enter a valid email address');
    expect(locales.en['confirmPassword.mismatch']).toBe("Passwords don't match");
    expect(locales.en['terms.required']).toBe('You must agree to the terms');
    expect(text(INVALID_CREDENTIALS_KEY)).toBe('Invalid email or password');
    expect(text(PROFILE_SIGN_IN_REQUIRED_KEY)).toBe('You must be logged in to update your profile');
  });

  it('state the same minimum lengths as the constants in every language', () => {
    for (const lng of ['en', 'de', 'it'] as const) {
      expect(String(locales[lng]['password.tooShort'])).toContain(String(PASSWORD_MIN_LENGTH));
      expect(String(locales[lng]['username.tooShort'])).toContain(String(USERNAME_MIN));
    }
  });
});

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const e of [
      'a@b.de',
      'mia.rossi+gym@example.co.uk',
      'x_y@sub.domain.it',
      ' pad@example.com ',
      'jörg@müller.de',
    ]) {
      expect(isValidEmail(e), e).toBe(true);
    }
  });

  it('refuses typos and non-addresses', () => {
    for (const e of [
      '',
      'plain',
      'name@host',
      'name@@host.de',
      'a b@c.de',
      '@host.de',
      'name@',
      'name@host..de',
      'name@.host.de',
      'name@host.d',
      'name@host.de.',
      `${'a'.repeat(250)}@b.de`,
    ]) {
      expect(isValidEmail(e), e).toBe(false);
    }
  });

  it('normalizes by trimming', () => {
    expect(normalizeEmail('  a@b.de\n')).toBe('a@b.de');
  });
});

describe('validateLogin', () => {
  it('passes a valid form', () => {
    expect(validateLogin({ email: 'a@b.de', password: 'x' })).toEqual({});
  });

  it('needs a valid e-mail and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'validation:email.required',
      password: 'validation:password.required',
    });
    const r = validateLogin({ email: 'nope', password: 'secret' });
    expect(r).toEqual({ email: 'validation:email.invalid' });
    expect(text(r.email)).toBe('Please enter a valid email address');
  });

  it('does not apply the sign-up minimum to existing passwords', () => {
    expect(validateLogin({ email: 'a@b.de', password: 'short' })).toEqual({});
  });
});

describe('validateRegisterA', () => {
  const ok = {
    firstName: 'Mia',
    lastName: 'Rossi',
    email: 'mia@example.com',
    password: 'longenough',
    confirmPassword: 'longenough',
    acceptTerms: true,
  };

  it('passes a valid form', () => {
    expect(validateRegisterA(ok)).toEqual({});
    expect(isValid(validateRegisterA(ok))).toBe(true);
  });

  it('reports every empty field', () => {
    expect(
      validateRegisterA({
        firstName: ' ',
        lastName: '',
        email: '',
        password: '',
        confirmPassword: '',
        acceptTerms: false,
      }),
    ).toEqual({
      firstName: 'validation:firstName.required',
      lastName: 'validation:lastName.required',
      email: 'validation:email.required',
      password: 'validation:password.required',
      confirmPassword: 'validation:confirmPassword.required',
      acceptTerms: 'validation:terms.required',
    });
  });

  it('needs a password of at least 8 characters', () => {
    expect(validateRegisterA({ ...ok, password: '1234567', confirmPassword: '1234567' })).toEqual({
      password: 'validation:password.tooShort',
    });
    expect(validateRegisterA({ ...ok, password: '12345678', confirmPassword: '12345678' })).toEqual({});
    // Eight emoji are eight characters, though sixteen UTF-16 units; seven are still too short.
    expect(validateRegisterA({ ...ok, password: '💪'.repeat(7), confirmPassword: '💪'.repeat(7) })).toEqual({
      password: 'validation:password.tooShort',
    });
  });

  it('needs a matching confirmation', () => {
    const r = validateRegisterA({ ...ok, confirmPassword: 'longenougH' });
    expect(r).toEqual({ confirmPassword: 'validation:confirmPassword.mismatch' });
    expect(text(r.confirmPassword)).toBe("Passwords don't match");
  });

  it('needs the terms accepted', () => {
    const r = validateRegisterA({ ...ok, acceptTerms: false });
    expect(r).toEqual({ acceptTerms: 'validation:terms.required' });
    expect(text(r.acceptTerms)).toBe('You must agree to the terms');
    expect(text(r.acceptTerms, 'de')).toBe('Du musst den Nutzungsbedingungen zustimmen');
  });

  it('refuses an invalid e-mail', () => {
    expect(validateRegisterA({ ...ok, email: 'mia@example' })).toEqual({ email: 'validation:email.invalid' });
  });
});

describe('validateRegisterB', () => {
  const ok = {
    username: 'mia',
    email: 'mia@example.com',
    password: 'longenough',
    confirmPassword: 'longenough',
  };

  it('passes a valid form', () => {
    expect(validateRegisterB(ok)).toEqual({});
  });

  it('needs a username of at least 3 characters after trimming', () => {
    expect(validateRegisterB({ ...ok, username: '' })).toEqual({ username: 'validation:username.required' });
    expect(validateRegisterB({ ...ok, username: '   ' })).toEqual({
      username: 'validation:username.required',
    });
    expect(validateRegisterB({ ...ok, username: 'ab' })).toEqual({
      username: 'validation:username.tooShort',
    });
    expect(validateRegisterB({ ...ok, username: '  ab  ' })).toEqual({
      username: 'validation:username.tooShort',
    });
    expect(validateRegisterB({ ...ok, username: '💪💪' })).toEqual({
      username: 'validation:username.tooShort',
    });
    expect(validateRegisterB({ ...ok, username: '💪💪💪' })).toEqual({});
  });

  it('accepts a long username (sign-up cuts it to 12)', () => {
    expect(validateRegisterB({ ...ok, username: 'averyveryverylongname' })).toEqual({});
  });

  it('checks e-mail, password and confirmation', () => {
    expect(
      validateRegisterB({ username: 'mia', email: 'x', password: 'short', confirmPassword: 'other' }),
    ).toEqual({
      email: 'validation:email.invalid',
      password: 'validation:password.tooShort',
      confirmPassword: 'validation:confirmPassword.mismatch',
    });
  });
});
