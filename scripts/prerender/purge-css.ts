// Keeps of the app's built CSS only the rules the static landing can use, so the page carries its styles
// inline (no render-blocking stylesheet) at a fraction of the full Mantine sheet. A rule stays when every
// class and id its selector requires occurs in the landing's markup; pseudo-classes, pseudo-elements and
// attribute conditions are not judged (hover, focus, dark scheme and variants all stay). Rules without
// classes or ids (`html`, `body`, `:root`, element selectors) and every at-rule body that keeps something
// stay too; @keyframes and @font-face always stay.
import postcss, { type Container, type Root } from 'postcss';

// Alternatives (`:is(.a, .b)`, `:where(...)`) and negations do not require their classes to exist.
const OPTIONAL_GROUPS = /:(?:is|where|not|has)\((?:[^()]|\([^()]*\))*\)/g;
const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;
const ID = /#(-?[_a-zA-Z][\w-]*)/g;

export interface MarkupNames {
  classes: ReadonlySet<string>;
  ids: ReadonlySet<string>;
}

/** The classes and ids used under `root` (and on it). */
export function namesIn(root: Element): MarkupNames {
  const classes = new Set<string>();
  const ids = new Set<string>();
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const name of element.classList) classes.add(name);
    if (element.id !== '') ids.add(element.id);
  }
  return { classes, ids };
}

export function selectorCanMatch(selector: string, names: MarkupNames): boolean {
  const required = selector.replace(/\[[^\]]*\]/g, '').replace(OPTIONAL_GROUPS, '');
  for (const [, name] of required.matchAll(CLASS))
    if (name !== undefined && !names.classes.has(name)) return false;
  for (const [, name] of required.matchAll(ID)) if (name !== undefined && !names.ids.has(name)) return false;
  return true;
}

function prune(container: Container, names: MarkupNames): void {
  container.each((node) => {
    if (node.type === 'rule') {
      const kept = node.selectors.filter((selector) => selectorCanMatch(selector, names));
      if (kept.length === 0) node.remove();
      else node.selectors = kept;
    } else if (node.type === 'atrule') {
      if (node.name === 'keyframes' || node.name === 'font-face' || node.nodes === undefined) return;
      prune(node, names);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

/** The parts of `css` (one or more stylesheets, in order) that the markup with `names` can use. */
export function purgeCss(css: string, names: MarkupNames): string {
  const root: Root = postcss.parse(css);
  prune(root, names);
  root.walkComments((comment) => {
    comment.remove();
  });
  return root.toString().replace(/\n\s*/g, '\n').trim();
}
