import type { RxJsonSchema } from 'rxdb';
import { uuid } from './fields';

/** public.user_settings: one row per user, id = user id. Client-owned, pushed with push_user_settings. */
export interface UserSettingsDoc {
  id: string;
  user_id: string;
  theme: 'light' | 'dark' | 'system';
  language: 'en' | 'de' | 'it';
  push_enabled: boolean;
  haptics_enabled: boolean;
  sound_enabled: boolean;
  walkthrough_done: boolean;
}

export const userSettingsSchema: RxJsonSchema<UserSettingsDoc> = {
  title: 'user_settings',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    user_id: uuid,
    theme: { type: 'string', enum: ['light', 'dark', 'system'], default: 'system' },
    language: { type: 'string', enum: ['en', 'de', 'it'], default: 'en' },
    push_enabled: { type: 'boolean', default: false },
    haptics_enabled: { type: 'boolean', default: true },
    sound_enabled: { type: 'boolean', default: true },
    walkthrough_done: { type: 'boolean', default: false },
  },
  required: [
    'id',
    'user_id',
    'theme',
    'language',
    'push_enabled',
    'haptics_enabled',
    'sound_enabled',
    'walkthrough_done',
  ],
};
