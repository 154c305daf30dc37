import type { PageAuthClient } from './auth-client';

/** The page's auth client, loaded on first use (its module is a chunk of its own, off the first screen). */
export function loadAuthClient(): Promise<PageAuthClient> {
  return import('./auth-client').then((module) => module.getAuthClient());
}
