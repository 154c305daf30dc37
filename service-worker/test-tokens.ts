// Test helper: unsigned JWT-shaped tokens (the queue only reads claims; the server verifies signatures).

function base64Url(json: unknown): string {
  return btoa(JSON.stringify(json)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fakeToken(claims: { sub?: string; exp?: number; role?: string; n?: number }): string {
  return `${base64Url({ alg: 'ES256', typ: 'JWT' })}.${base64Url({ role: 'authenticated', ...claims })}.sig`;
}
