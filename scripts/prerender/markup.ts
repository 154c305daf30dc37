// Turns the rendered landing (English with placeholder tokens, see catalogue.ts) into the static page's
// markup: each token becomes its English text, and the element carrying it is marked with the text's id
// (`data-t` for its text, `data-ta` for attributes) so the page's script can write another language.
import {
  LANDING_ID,
  TEXT_ATTRIBUTE,
  TEXT_ATTRIBUTES_ATTRIBUTE,
  THEME_ICON_ATTRIBUTE,
  THEME_TOGGLE_ATTRIBUTE,
} from '../../src/boot/boot-data';
import { TOKEN_PATTERN } from './catalogue';

const WHOLE_TOKEN = /^\uE000(\d+)\uE001$/;

function english(texts: readonly string[], id: string, year: string): string {
  const text = texts[Number(id)];
  if (text === undefined) throw new Error(`prerender: unknown text id ${id}`);
  return text.replace('{{year}}', year);
}

/** Replaces every token under `root` with English text and marks where it stands. */
export function markTexts(root: Element, texts: readonly string[], year: string): void {
  const document = root.ownerDocument;
  const walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const nodes: Text[] = [];
  while (walker.nextNode() !== null) nodes.push(walker.currentNode as Text);
  for (const node of nodes) {
    const parent = node.parentElement;
    if (parent === null || !node.data.includes('\uE000')) continue;
    const whole = WHOLE_TOKEN.exec(node.data);
    if (whole?.[1] !== undefined && parent.childNodes.length === 1) {
      parent.setAttribute(TEXT_ATTRIBUTE, whole[1]);
      node.data = english(texts, whole[1], year);
      continue;
    }
    // Text beside other content: each token gets a span of its own.
    const pieces = document.createDocumentFragment();
    let last = 0;
    for (const match of node.data.matchAll(TOKEN_PATTERN)) {
      const id = match[1] ?? '';
      pieces.append(node.data.slice(last, match.index));
      const span = document.createElement('span');
      span.setAttribute(TEXT_ATTRIBUTE, id);
      span.textContent = english(texts, id, year);
      pieces.append(span);
      last = match.index + match[0].length;
    }
    pieces.append(node.data.slice(last));
    node.replaceWith(pieces);
  }

  for (const element of [root, ...root.querySelectorAll('*')]) {
    const marked: string[] = [];
    for (const attribute of [...element.attributes]) {
      if (!attribute.value.includes('\uE000')) continue;
      const whole = WHOLE_TOKEN.exec(attribute.value);
      if (whole?.[1] === undefined) {
        throw new Error(`prerender: ${attribute.name}="${attribute.value}" mixes a text with other content`);
      }
      marked.push(`${attribute.name}:${whole[1]}`);
      element.setAttribute(attribute.name, english(texts, whole[1], year));
    }
    if (marked.length > 0) element.setAttribute(TEXT_ATTRIBUTES_ATTRIBUTE, marked.join(' '));
  }
}

/** Marks the theme toggle (found by its label's text id) and gives it both icons; CSS shows one. */
export function markThemeToggle(root: Element, labelId: number, icons: { moon: string; sun: string }): void {
  const button = [...root.querySelectorAll('button')].find((element) =>
    (element.getAttribute(TEXT_ATTRIBUTES_ATTRIBUTE) ?? '').includes(`aria-label:${labelId}`),
  );
  if (button === undefined) throw new Error('prerender: the theme toggle is missing');
  button.setAttribute(THEME_TOGGLE_ATTRIBUTE, '');
  // The script sets the label for the current scheme and language.
  button.removeAttribute(TEXT_ATTRIBUTES_ATTRIBUTE);
  const face = button.querySelector('svg')?.parentElement ?? button;
  face.innerHTML = icons.moon + icons.sun;
  const [moon, sun] = face.querySelectorAll('svg');
  moon?.setAttribute(THEME_ICON_ATTRIBUTE, 'moon');
  sun?.setAttribute(THEME_ICON_ATTRIBUTE, 'sun');
}

/** CSS that must hold before any script or stylesheet: the app start hides the landing, and so on. */
export const BOOT_CSS = [
  `html[data-boot=app] #${LANDING_ID}{display:none}`,
  `html[data-landing-pending] #${LANDING_ID}{visibility:hidden}`,
  `[data-mantine-color-scheme=dark] [${THEME_ICON_ATTRIBUTE}=moon],` +
    `[data-mantine-color-scheme=light] [${THEME_ICON_ATTRIBUTE}=sun]{display:none}`,
].join('\n');
