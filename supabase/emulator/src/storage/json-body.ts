/** JSON request bodies for the storage routes: an object, or storage-api's 400 for anything else. */
import type { Context } from 'hono';
import { errors } from './errors';

export async function readJsonObject(
  c: Context,
  options: { allowEmpty?: boolean } = {},
): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (options.allowEmpty && text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw errors.invalidRequest('Body must be a JSON object');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw errors.invalidRequest('Body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
