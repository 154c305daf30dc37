import { describe, expect, it } from 'vitest';
import { purgeCss, selectorCanMatch } from './purge-css';

const names = { classes: new Set(['btn', 'hero']), ids: new Set(['main']) };

describe('purgeCss', () => {
  it('judges classes and ids, not states, attributes, alternatives or negations', () => {
    expect(selectorCanMatch('.btn:hover::before', names)).toBe(true);
    expect(selectorCanMatch('[data-mantine-color-scheme=dark] .btn:where([data-variant=x])', names)).toBe(
      true,
    );
    expect(selectorCanMatch('.btn:not(.disabled)', names)).toBe(true);
    expect(selectorCanMatch(':where(.menu, .btn)', names)).toBe(true);
    expect(selectorCanMatch('#main > .hero', names)).toBe(true);
    expect(selectorCanMatch('.menu .btn', names)).toBe(false);
    expect(selectorCanMatch('#sidebar', names)).toBe(false);
    expect(selectorCanMatch('body, :root', names)).toBe(true);
  });

  it('drops unused rules and empty at-rules, keeps keyframes', () => {
    const css = [
      ':root{--a:1}',
      '.btn,.menu{color:red}',
      '.menu{color:blue}',
      '@media (min-width:1px){.menu{x:1}.hero{y:2}}',
      '@media print{.menu{z:3}}',
      '@keyframes spin{to{transform:rotate(1turn)}}',
    ].join('');
    const out = purgeCss(css, names);
    expect(out).toContain(':root{--a:1}');
    expect(out).toContain('.btn{color:red}');
    expect(out).not.toContain('blue');
    expect(out).toContain('.hero{y:2}');
    expect(out).not.toContain('print');
    expect(out).toContain('@keyframes spin');
  });
});

it('drops custom properties that nothing reads, following variables defined by variables', () => {
  const css = ':root{--a:1;--b:var(--c);--c:2;--d:3;--e:4}.btn{color:var(--b)}.menu{color:var(--d)}';
  const out = purgeCss(css, names, '<p style="width:var(--e)"></p>');
  expect(out).toContain('--b:var(--c)');
  expect(out).toContain('--c:2');
  expect(out).toContain('--e:4');
  expect(out).not.toContain('--a');
  expect(out).not.toContain('--d');
});
