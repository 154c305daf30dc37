import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFile,
  headersForPath,
  inlineExecutableScripts,
  parseHeadersFile,
  redirectsFile,
} from './hosting-headers';

describe('hosting headers', () => {
  it('hashes only inline executable scripts', () => {
    const html =
      '<script>boot()</script><script type="application/json">{}</script>' +
      '<script type="module" src="/assets/a.js"></script>';
    expect(inlineExecutableScripts(html)).toEqual(['boot()']);
    const hash = createHash('sha256').update('boot()').digest('base64');
    const csp = contentSecurityPolicy({ inlineScripts: ['boot()'] });
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('allows the Supabase origin for fetch, websocket and images', () => {
    const csp = contentSecurityPolicy({ inlineScripts: [], supabaseUrl: 'https://p.supabase.co/' });
    expect(csp).toContain("connect-src 'self' https://p.supabase.co wss://p.supabase.co");
    expect(csp).toContain("img-src 'self' data: blob: https://p.supabase.co");
  });

  it('caches hashed assets for a year and falls back to index.html', () => {
    const file = headersFile('default-src');
    expect(file).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(file).toContain('/sw.js\n  Cache-Control: no-cache');
    expect(redirectsFile).toBe('/* /index.html 200\n');
  });
});

describe('reading _headers back', () => {
  const rules = parseHeadersFile(headersFile("default-src 'self'"));

  it('gives every path the policy, and each path its own caching', () => {
    const page = headersForPath(rules, '/home');
    expect(page.get('Content-Security-Policy')).toBe("default-src 'self'");
    expect(page.get('X-Content-Type-Options')).toBe('nosniff');
    expect(page.has('Cache-Control')).toBe(false);
    expect(headersForPath(rules, '/sw.js').get('Cache-Control')).toBe('no-cache');
    expect(headersForPath(rules, '/').get('Cache-Control')).toBe('no-cache');
    expect(headersForPath(rules, '/assets/index-AbCd1234.js').get('Cache-Control')).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('refuses a header line outside a path block', () => {
    expect(() => parseHeadersFile('  X-Frame-Options: DENY\n')).toThrow(/cannot read/);
  });
});
