/**
 * Whether send-push may POST to a stored endpoint (issue 16, blind request forgery): the table's rule
 * (`isPublicPushEndpoint`, as migration 20261127020000) and every address the host resolves to public
 * (`isPublicAddress`). The emulator's test push service on 127.0.0.1 passes only when the function's env
 * names that host (`PUSH_TEST_ENDPOINT_HOSTS`, set by the emulator's test mode alone).
 */
import { isPublicAddress, isPublicPushEndpoint } from '../_shared/endpoint-policy.ts';

/** The loopback names a test may allow; anything else in the env is ignored. */
const TEST_HOSTS = new Set(['127.0.0.1', 'localhost']);

export type Resolve = (host: string) => Promise<string[]>;

/** `PUSH_TEST_ENDPOINT_HOSTS` ("127.0.0.1,localhost") as a set of allowed loopback hosts. */
export function parseTestHosts(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter((host) => TEST_HOSTS.has(host)),
  );
}

/** Why `endpoint` must not be posted to, or null when it may. */
export async function refusal(
  endpoint: string,
  testHosts: ReadonlySet<string>,
  resolve: Resolve,
): Promise<string | null> {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (!url) return 'not a URL';
  if (testHosts.has(url.hostname) && url.protocol === 'https:') return null;
  if (!isPublicPushEndpoint(endpoint)) return 'not an https URL on a public host';
  // A name that does not resolve fails at the request like any unreachable push service.
  const addresses = await resolve(url.hostname).catch((): string[] => []);
  const blocked = addresses.find((address) => !isPublicAddress(address));
  return blocked ? `host resolves to non-public ${blocked}` : null;
}
