/**
 * Who may call send-push: only the database trigger, which sends `Authorization: Bearer <secret>` with
 * the secret it reads from Vault (`send_push_secret`); the function has the same value in its env
 * (`SEND_PUSH_SECRET`). Without a configured secret nobody is let in (fail closed).
 */

/** Compares in time independent of where the strings differ. */
function sameText(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let diff = left.length ^ right.length;
  for (let i = 0; i < left.length; i++) diff |= (left[i] ?? 0) ^ (right[i % right.length] ?? 0);
  return diff === 0;
}

export function isAuthorised(authorization: string | null, secret: string | undefined): boolean {
  if (!secret || secret.length < 16) return false;
  const match = /^Bearer (.+)$/.exec(authorization ?? '');
  return match?.[1] !== undefined && sameText(match[1], secret);
}
