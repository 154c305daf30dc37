/**
 * Who is calling: the `apikey` and `Authorization: Bearer` headers turned into the role and claims a
 * request runs with, as PostgREST and Supabase's API gateway do (PostgREST/postgrest:
 * src/library/PostgREST/Query/PreQuery.hs; the gateway's answers in ../auth/README.md).
 */
import type { EmulatorContext } from '../context';
import { JwtError } from '../keys';
import type { ApiRole, RequestIdentity } from '../db/request-context';

export type IdentityResult =
  | { ok: true; identity: RequestIdentity; token: string }
  | { ok: false; status: number; body: Record<string, unknown>; headers?: Record<string, string> };

const API_ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

export function readApiKey(headers: Headers, url: URL): string | null {
  return headers.get('apikey') ?? url.searchParams.get('apikey');
}

export function readBearer(headers: Headers): string | null {
  const value = headers.get('authorization');
  if (!value) return null;
  const match = /^bearer\s+(.+)$/i.exec(value.trim());
  return match?.[1]?.trim() ?? null;
}

export async function resolveIdentity(
  ctx: EmulatorContext,
  headers: Headers,
  url: URL,
): Promise<IdentityResult> {
  const apiKey = readApiKey(headers, url);
  const bearer = readBearer(headers);
  if (!apiKey && !bearer) {
    return {
      ok: false,
      status: 401,
      body: {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      },
    };
  }
  const token = bearer ?? apiKey ?? '';
  try {
    const claims = await ctx.keys.verify(token);
    const role = typeof claims.role === 'string' ? claims.role : 'anon';
    if (!API_ROLES.includes(role)) {
      return jwtFailure(`JWT role "${role}" is not allowed`);
    }
    return { ok: true, token, identity: { role: role as ApiRole, claims } };
  } catch (error) {
    if (error instanceof JwtError) return jwtFailure(error.message, error.reason === 'expired');
    throw error;
  }
}

function jwtFailure(message: string, expired = false): IdentityResult {
  return {
    ok: false,
    status: 401,
    body: { code: expired ? 'PGRST303' : 'PGRST301', details: null, hint: null, message },
    headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"` },
  };
}
