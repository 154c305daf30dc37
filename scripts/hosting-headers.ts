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
