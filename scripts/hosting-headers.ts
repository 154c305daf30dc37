// Pure builder for the static host's _headers and _redirects (Netlify / Cloudflare Pages format),
// so the build, `npm start` and the e2e preview server can share one Content-Security-Policy.
import { createHash } from 'node:crypto';

export interface CspOptions {
  /** Inline executable <script> bodies of the built index.html; each gets a sha256 source. */
  inlineScripts: readonly string[];
  /** Extra origins (e.g. the Supabase project) allowed for fetch/websocket and images. */
  supabaseUrl?: string;
}

const scriptPattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** Bodies of inline scripts the browser executes (no src, not a JSON data block). */
export function inlineExecutableScripts(html: string): string[] {
  const bodies: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(scriptPattern)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    if (body.length > 0) bodies.push(body);
  }
  return bodies;
}

export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

export function contentSecurityPolicy({ inlineScripts, supabaseUrl }: CspOptions): string {
  const origin = supabaseUrl ? new URL(supabaseUrl) : undefined;
  const http = origin ? [origin.origin] : [];
  const ws = origin ? [`${origin.protocol === 'http:' ? 'ws:' : 'wss:'}//${origin.host}`] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inlineScripts.map(scriptHash)]],
    // Mantine writes style attributes and injects <style> at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...http]],
    ['connect-src', ["'self'", ...http, ...ws]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export function headersFile(csp: string): string {
  const noCache = '  Cache-Control: no-cache';
  return [
    '/*',
    `  Content-Security-Policy: ${csp}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '/index.html',
    noCache,
    '/',
    noCache,
    '/sw.js',
    noCache,
    '/manifest.webmanifest',
    noCache,
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}

/** Every unknown path serves the SPA shell with 200. */
export const redirectsFile = '/* /index.html 200\n';

/** One block of a `_headers` file: the path pattern and the headers it sets. */
export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

/** Reads a `_headers` file (a path line, then indented `Name: value` lines) back into rules. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (colon < 0 || rule === undefined) throw new Error(`_headers: cannot read "${line}"`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Whether a `_headers` path pattern (`/`, `/sw.js`, `/assets/*`, `/*`) matches a request path. */
function patternMatches(pattern: string, pathname: string): boolean {
  if (!pattern.endsWith('*')) return pattern === pathname;
  return pathname.startsWith(pattern.slice(0, -1));
}

/**
 * The headers a static host sends for `pathname`: every matching rule's, in file order (a later rule sets
 * the same header again, as Netlify and Cloudflare Pages combine them).
 */
export function headersForPath(rules: readonly HeaderRule[], pathname: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, pathname)) continue;
    for (const [name, value] of rule.headers) headers.set(name, value);
  }
  return headers;
}
