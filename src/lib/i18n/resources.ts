// The shape of every namespace, taken from the English files (the source of truth). `t()` keys are checked
// against these types through the CustomTypeOptions declaration in i18next.d.ts. A new namespace file needs a
// line here; `npm run i18n:check` reports one that is missing.
import type achievements from '../../../locales/en/achievements.json';
import type auth from '../../../locales/en/auth.json';
import type challenges from '../../../locales/en/challenges.json';
import type common from '../../../locales/en/common.json';
import type discover from '../../../locales/en/discover.json';
import type errors from '../../../locales/en/errors.json';
import type friends from '../../../locales/en/friends.json';
import type gym from '../../../locales/en/gym.json';
import type home from '../../../locales/en/home.json';
import type landing from '../../../locales/en/landing.json';
import type leaderboard from '../../../locales/en/leaderboard.json';
import type legal from '../../../locales/en/legal.json';
import type motivation from '../../../locales/en/motivation.json';
import type notifications from '../../../locales/en/notifications.json';
import type overlays from '../../../locales/en/overlays.json';
import type people from '../../../locales/en/people.json';
import type profile from '../../../locales/en/profile.json';
import type schedule from '../../../locales/en/schedule.json';
import type settings from '../../../locales/en/settings.json';
import type shell from '../../../locales/en/shell.json';
import type sync from '../../../locales/en/sync.json';
import type validation from '../../../locales/en/validation.json';

export interface Resources {
  achievements: typeof achievements;
  auth: typeof auth;
  challenges: typeof challenges;
  common: typeof common;
  discover: typeof discover;
  errors: typeof errors;
  friends: typeof friends;
  gym: typeof gym;
  home: typeof home;
  landing: typeof landing;
  leaderboard: typeof leaderboard;
  legal: typeof legal;
  motivation: typeof motivation;
  notifications: typeof notifications;
  overlays: typeof overlays;
  people: typeof people;
  profile: typeof profile;
  schedule: typeof schedule;
  settings: typeof settings;
  shell: typeof shell;
  sync: typeof sync;
  validation: typeof validation;
}

export type Namespace = keyof Resources;

export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

/** Loaded before the first render: the shell's own text and the error screens, which must work offline. */
export const INITIAL_NAMESPACES = ['common', 'errors'] as const satisfies readonly Namespace[];
