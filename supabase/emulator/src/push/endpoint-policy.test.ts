// The push sender's endpoint rules (endpoint-policy.ts): which URLs it may POST to, and which resolved
// addresses count as public. Pure functions; the database's twin is tested in
// test/integration/push/endpoint-policy.test.ts with the same URLs.
import { describe, expect, it } from 'vitest';
import { isPublicAddress, isPublicPushEndpoint } from '../../../functions/_shared/endpoint-policy';

describe('isPublicPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b-x_y',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA%3d',
    'https://FCM.GoogleAPIs.com:443/fcm/send/abc',
    'https://push.example/x',
    'https://xn--bcher-kva.example/x',
    'https://push.example.com',
  ])('accepts %s', (url) => {
    expect(isPublicPushEndpoint(url)).toBe(true);
  });

  it.each([
    'http://push.example.com/x',
    'HTTPS://push.example.com/x',
    'https://127.0.0.1/x',
    'https://127.1/x',
    'https://2130706433/x',
    'https://0x7f.1/x',
    'https://0x7f000001/x',
    'https://017700000001/x',
    'https://push.0x7f/x',
    'https://push.example.123/x',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://localhost/x',
    'https://push.localhost/x',
    'https://printer.local/x',
    'https://metadata.google.internal/x',
    'https://router.home.arpa/x',
    'https://box.localdomain/x',
    'https://push.example.com:8443/x',
    'https://push.example.com:0443/x',
    'https://push.example.com:/x',
    'https://user@push.example.com/x',
    'https://push.example.com@127.0.0.1/x',
    'https://push.example.com\\@127.0.0.1/x',
    'https://%31%32%37.0.0.1/x',
    'https://push.example.com./x',
    'https://-push.example.com/x',
    'https://push..example.com/x',
    'https://pUsh.exämple.com/x',
    'https://push.example.com/a b',
    'https:///x',
    'https://push/x',
    '',
    `https://push.example.com/${'a'.repeat(1000)}`,
  ])('refuses %s', (url) => {
    expect(isPublicPushEndpoint(url)).toBe(false);
  });
});

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '142.250.185.74',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '2a00:1450:4001:82b::200a',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '[2606:4700::1111]',
  ])('public: %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback', '127.255.255.254'],
    ['private', '10.0.0.1'],
    ['private', '172.16.0.1'],
    ['private', '172.31.255.255'],
    ['private', '192.168.1.1'],
    ['shared (CGNAT)', '100.64.0.1'],
    ['shared (CGNAT)', '100.127.255.255'],
    ['link-local', '169.254.169.254'],
    ['unspecified', '0.0.0.0'],
    ['this network', '0.1.2.3'],
    ['multicast', '224.0.0.1'],
    ['multicast', '239.255.255.250'],
    ['reserved', '240.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['documentation', '192.0.2.1'],
    ['documentation', '203.0.113.9'],
    ['benchmarking', '198.18.0.1'],
    ['IPv6 loopback', '::1'],
    ['IPv6 loopback, bracketed', '[::1]'],
    ['IPv6 loopback, long form', '0:0:0:0:0:0:0:1'],
    ['IPv6 unspecified', '::'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
    ['IPv4-mapped private', '::ffff:192.168.0.1'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['6to4 of private', '2002:c0a8:0101::1'],
    ['unique local', 'fc00::1'],
    ['unique local', 'fd12:3456:789a::1'],
    ['link-local', 'fe80::1'],
    ['link-local with zone', 'fe80::1%eth0'],
    ['site-local', 'fec0::1'],
    ['multicast', 'ff02::1'],
    ['documentation', '2001:db8::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['not an address', 'push.example.com'],
    ['decimal form', '2130706433'],
    ['hex form', '0x7f.0.0.1'],
    ['octal form', '0177.0.0.1'],
    ['short form', '127.1'],
    ['malformed', '1.2.3.4.5'],
    ['malformed IPv6', '1::2::3'],
    ['empty', ''],
  ])('not public (%s): %s', (_kind, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
