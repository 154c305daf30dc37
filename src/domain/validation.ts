// Form validation for sign-in and both registration variants, exactly the rules of spec point 5.
// Validators return message keys (namespace `validation`, texts in locales/<lng>/validation.json), one per
// failing field, first failing rule wins; an empty object means the form is valid. The server checks
// again; these rules exist to answer the user before a round trip, in their language.
import { PASSWORD_MIN_LENGTH } from './constants';
import { USERNAME_MIN, codePointLength, normalizeUsername } from './identity';

/** Every key the validation namespace holds (dotted paths into validation.json). */
export const VALIDATION_KEYS = [
  'email.required',
  'email.invalid',
  'password.required',
  'password.tooShort',
  'confirmPassword.required',
  'confirmPassword.mismatch',
  'firstName.required',
  'lastName.required',
  'username.required',
  'username.tooShort',
  'terms.required',
  // Not produced by the validators below, but part of the same family of form messages:
  // the sign-in call's wrong-credentials answer and the profile update without a session.
  'auth.invalidCredentials',
  'profile.signInRequired',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];
/** A key ready for `t()`: `validation:email.invalid`. */
export type ValidationMessageKey = `validation:${ValidationKey}`;

export const VALIDATION_NAMESPACE = 'validation';

const key = <K extends ValidationKey>(k: K): `validation:${K}` => `validation:${k}`;

/** Message for a sign-in rejected by the server (wrong e-mail or password). */
export const INVALID_CREDENTIALS_KEY = key('auth.invalidCredentials');
/** Message for a profile update without a signed-in user. */
export const PROFILE_SIGN_IN_REQUIRED_KEY = key('profile.signInRequired');

export type ValidationErrors<F extends string> = Partial<Record<F, ValidationMessageKey>>;

export interface LoginForm {
  email: string;
  password: string;
}
export interface RegisterAForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}
export interface RegisterBForm {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const EMAIL_MAX_LENGTH = 254;
// Pragmatic, not RFC 5322: something without spaces or '@', an '@', then dot-separated labels with a final
// label of at least two characters. Rejects the common typos ("name@host", "name@@host.de", "a b@c.de",
// "name@host..de") without refusing real addresses (plus tags, subdomains, IDN).
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/u;

/** The e-mail address as it is validated and sent: surrounding whitespace removed. */
export function normalizeEmail(email: string): string {
  return email.trim();
}

export function isValidEmail(email: string): boolean {
  const e = normalizeEmail(email);
  return e.length <= EMAIL_MAX_LENGTH && EMAIL.test(e);
}

function emailError(email: string): ValidationMessageKey | undefined {
  if (normalizeEmail(email) === '') return key('email.required');
  return isValidEmail(email) ? undefined : key('email.invalid');
}

// Passwords are taken as typed (spaces are legal characters); length counts code points.
function newPasswordError(password: string): ValidationMessageKey | undefined {
  if (password === '') return key('password.required');
  return codePointLength(password) < PASSWORD_MIN_LENGTH ? key('password.tooShort') : undefined;
}

function confirmError(password: string, confirm: string): ValidationMessageKey | undefined {
  if (confirm === '') return key('confirmPassword.required');
  return confirm === password ? undefined : key('confirmPassword.mismatch');
}

function collect<F extends string>(checks: Record<F, ValidationMessageKey | undefined>): ValidationErrors<F> {
  const errors: ValidationErrors<F> = {};
  for (const field of Object.keys(checks) as F[]) {
    const message = checks[field];
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

/** Sign in: a valid e-mail and a password (any length: older accounts may predate the minimum). */
export function validateLogin(form: LoginForm): ValidationErrors<keyof LoginForm> {
  return collect({
    email: emailError(form.email),
    password: form.password === '' ? key('password.required') : undefined,
  });
}

/** Registration variant A: names, e-mail, password of at least 8, matching confirmation, terms accepted. */
export function validateRegisterA(form: RegisterAForm): ValidationErrors<keyof RegisterAForm> {
  return collect({
    firstName: form.firstName.trim() === '' ? key('firstName.required') : undefined,
    lastName: form.lastName.trim() === '' ? key('lastName.required') : undefined,
    email: emailError(form.email),
    password: newPasswordError(form.password),
    confirmPassword: confirmError(form.password, form.confirmPassword),
    acceptTerms: form.acceptTerms ? undefined : key('terms.required'),
  });
}

/**
 * Registration variant B: a username of at least 3 characters (after trimming; a longer one is not an
 * error, sign-up cuts it to 12), e-mail, password of at least 8, matching confirmation.
 */
export function validateRegisterB(form: RegisterBForm): ValidationErrors<keyof RegisterBForm> {
  const username = normalizeUsername(form.username);
  return collect({
    username:
      username === ''
        ? key('username.required')
        : codePointLength(username) < USERNAME_MIN
          ? key('username.tooShort')
          : undefined,
    email: emailError(form.email),
    password: newPasswordError(form.password),
    confirmPassword: confirmError(form.password, form.confirmPassword),
  });
}

/** True when a validator found nothing to complain about. */
export function isValid(errors: object): boolean {
  return Object.keys(errors).length === 0;
}
