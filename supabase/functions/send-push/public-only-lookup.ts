/**
 * DNS for send-push (index.ts): the addresses a push service's host name resolves to, and a `lookup` for
 * its https.Agent that fails the connection when the name resolves to any non-public address
 * (endpoint-policy.ts), so a name that changes its answer between the check and the request (DNS
 * rebinding) still cannot reach the server's own network.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from '../_shared/endpoint-policy.ts';

export function systemResolve(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });
}

/** The resolver of the default agent: fails the connection when the name resolves to a non-public address. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked || addresses.length === 0) {
      const refusal = Object.assign(
        new Error(`push: ${hostname} resolves to non-public ${blocked?.address ?? 'nothing'}`),
        { code: 'ENOTPUBLIC' },
      );
      return callback(refusal, '', 0);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first?.address ?? '', first?.family ?? 4);
  });
};
