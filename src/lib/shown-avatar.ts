// resolveAvatar (src/domain/avatars.ts) with this app's Supabase origin: an uploaded picture is shown only
// from the storage the app itself talks to (backend-config.ts), never from a URL a client wrote elsewhere.
import { resolveAvatar, type AvatarSource, type ResolvedAvatar } from '@/domain/avatars';
import { backendConfig } from './backend-config';

let origin: string | null | undefined;

/** The origin of the configured Supabase URL (the page's own without a build-time URL), or null. */
export function pictureOrigin(): string | null {
  if (origin === undefined) {
    try {
      origin = new URL(backendConfig().url).origin;
    } catch {
      origin = null;
    }
  }
  return origin;
}

/** What an avatar shows here: see resolveAvatar. */
export function shownAvatar(p: AvatarSource): ResolvedAvatar {
  return resolveAvatar(p, pictureOrigin());
}
