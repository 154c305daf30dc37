import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { token } from './catalogue';
import { markTexts, markThemeToggle } from './markup';

function landing(html: string): Element {
  const { document } = new JSDOM(`<div id="l">${html}</div>`).window;
  const root = document.getElementById('l');
  if (root === null) throw new Error('no root');
  return root;
}

describe('markTexts', () => {
  const texts = ['Sign in', '© {{year}} Spotter', 'Footer'];

  it('marks whole texts on their element, mixed texts with a span, attributes with data-ta', () => {
    const root = landing(
      `<h1>${token(0)}</h1><p><span>1.</span> ${token(1)}</p><nav aria-label="${token(2)}" title="x"></nav>`,
    );
    markTexts(root, texts, '2031');
    expect(root.innerHTML).toBe(
      '<h1 data-t="0">Sign in</h1><p><span>1.</span> <span data-t="1">© 2031 Spotter</span></p>' +
        '<nav aria-label="Footer" title="x" data-ta="aria-label:2"></nav>',
    );
  });

  it('refuses an attribute that mixes a text with other content', () => {
    expect(() => markTexts(landing(`<a title="go ${token(0)}"></a>`), texts, '2031')).toThrow(/mixes/);
  });
});

describe('markThemeToggle', () => {
  it('gives the toggle both icons and leaves its label to the page script', () => {
    const root = landing(`<button aria-label="${token(0)}"><span><svg class="moon"></svg></span></button>`);
    markTexts(root, ['Switch to dark mode'], '2031');
    markThemeToggle(root, 0, { moon: '<svg class="m"></svg>', sun: '<svg class="s"></svg>' });
    const button = root.querySelector('button');
    expect(button?.hasAttribute('data-static-theme-toggle')).toBe(true);
    expect(button?.hasAttribute('data-ta')).toBe(false);
    expect(button?.innerHTML).toBe(
      '<span><svg class="m" data-static-icon="moon"></svg><svg class="s" data-static-icon="sun"></svg></span>',
    );
  });
});
