// The invite a signed-out visitor followed (/u/{slug} -> /register?invite=<slug>). Kept in localStorage so
// it survives the e-mail round trip (sign-up, the verification link, the first sign-in in this browser);
// the signed-in app sends the friend request once and clears it (pending-invite-follow-up.tsx).

const KEY = 'spotter.pendingInvite.v1';
/** An invite older than this is dropped: a request weeks later would surprise both sides. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

interface Stored {
  slug: string;
  savedAt: number;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy mode): the invite is simply not kept
  }
}

export function savePendingInvite(slug: string, now = Date.now()): void {
  storage()?.setItem(KEY, JSON.stringify({ slug, savedAt: now } satisfies Stored));
}

/** The pending invite's slug, or null (none, unreadable, or expired). */
export function readPendingInvite(now = Date.now()): string | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    if (typeof value.slug !== 'string' || typeof value.savedAt !== 'number') return null;
    if (now - value.savedAt > MAX_AGE_MS) return null;
    return value.slug;
  } catch {
    return null;
  }
}

export function clearPendingInvite(): void {
  storage()?.removeItem(KEY);
}
