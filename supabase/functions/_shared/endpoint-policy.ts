/**
 * Which push endpoints the sender may POST to (issue 16, blind request forgery). Pure and free of
 * imports, so the emulator's sender and a Deno Edge Function can share it:
 * - `isPublicPushEndpoint(url)`: the same syntactic rule as the database's
 *   `private.is_public_push_endpoint` (migration 20261127020000): https, a DNS name (never an IP literal
 *   in any notation), no userinfo, port 443 or none, no local-only names;
 * - `isPublicAddress(ip)`: whether an address a host resolved to is publicly routable. The sender refuses
 *   an endpoint whose name resolves to loopback, private, shared (CGNAT), link-local, unspecified,
 *   multicast, documentation or reserved space (DNS rebinding), checked again at connect time.
 * Anything that does not parse counts as not public (fail closed).
 */

const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa'];
const DNS_NAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const ENDPOINT = /^https:\/\/([^/?#:]*)(:443)?([/?#].*)?$/;

/** True for `https://<public dns name>[:443]/…`, as the database accepts it. */
export function isPublicPushEndpoint(endpoint: string): boolean {
  if (endpoint.length > 1000 || !/^[!-~]+$/.test(endpoint) || endpoint.includes('\\')) return false;
  const match = ENDPOINT.exec(endpoint);
  if (!match) return false;
  const host = (match[1] ?? '').toLowerCase();
  if (host.length > 253 || !DNS_NAME.test(host)) return false;
  return !LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** An IPv4 address in dotted-quad form, as a resolver returns it, or null. */
function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^(0|[1-9][0-9]{0,2})$/.test(part) ? Number(part) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** An IPv6 address (with `::` and an optional dotted IPv4 tail, no zone) as 16 bytes, or null. */
function parseIpv6(text: string): number[] | null {
  let rest = text;
  let tail: number[] = [];
  const lastColon = rest.lastIndexOf(':');
  if (lastColon >= 0 && rest.slice(lastColon + 1).includes('.')) {
    const v4 = parseIpv4(rest.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    rest = `${rest.slice(0, lastColon + 1)}0:0`;
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0] ?? '');
  const back = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const missing = 8 - head.length - back.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...back];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function isPublicIpv4([a, b, c]: number[]): boolean {
  if (a === undefined || b === undefined || c === undefined) return false;
  if (a === 0 || a === 10 || a === 127) return false; // "this network", private, loopback
  if (a === 100 && b >= 64 && b <= 127) return false; // shared address space (CGNAT)
  if (a === 169 && b === 254) return false; // link-local (cloud metadata lives here)
  if (a === 172 && b >= 16 && b <= 31) return false; // private
  if (a === 192 && b === 168) return false; // private
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF assignments, documentation
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return false; // documentation
  if (a >= 224) return false; // multicast, reserved, broadcast
  return true;
}

function isPublicIpv6(bytes: number[]): boolean {
  const [b0 = 0, b1 = 0] = bytes;
  const zeroUpTo = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  const v4 = (from: number) => isPublicIpv4(bytes.slice(from, from + 4));
  if (zeroUpTo(10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // IPv4-mapped
  if (zeroUpTo(12)) return false; // unspecified, loopback, IPv4-compatible (deprecated)
  // NAT64 (64:ff9b::/96) reaches the embedded IPv4 address.
  if (b0 === 0x00 && b1 === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    if (bytes.slice(4, 12).every((b) => b === 0)) return v4(12);
    return false; // 64:ff9b:1::/48, local-use NAT64
  }
  if (b0 === 0x20 && b1 === 0x02) return v4(2); // 6to4 reaches the embedded IPv4 address
  if (b0 === 0x20 && b1 === 0x01 && bytes[2] === 0x0d && bytes[3] === 0xb8) return false; // documentation
  if (b0 === 0x20 && b1 === 0x01 && bytes[2] === 0x00 && bytes[3] === 0x00) return false; // Teredo
  if (b0 === 0x01 && b1 === 0x00 && bytes.slice(2, 8).every((b) => b === 0)) return false; // discard-only
  if ((b0 & 0xfe) === 0xfc) return false; // unique local fc00::/7
  if (b0 === 0xfe && (b1 & 0xc0) === 0x80) return false; // link-local fe80::/10
  if (b0 === 0xfe && (b1 & 0xc0) === 0xc0) return false; // site-local fec0::/10 (deprecated)
  if (b0 === 0xff) return false; // multicast
  return true;
}

/** Whether `address` (IPv4 or IPv6, optionally in brackets or with a zone) is publicly routable. */
export function isPublicAddress(address: string): boolean {
  const text = address.replace(/^\[(.*)\]$/, '$1');
  if (text.includes('%')) return false; // a zone id: link-local by definition
  const v4 = parseIpv4(text);
  if (v4) return isPublicIpv4(v4);
  const v6 = text.includes(':') ? parseIpv6(text) : null;
  return v6 ? isPublicIpv6(v6) : false;
}
