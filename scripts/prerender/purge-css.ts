// Keeps of the app's built CSS only the rules the static landing can use, so the page carries its styles
// inline (no render-blocking stylesheet) at a fraction of the full Mantine sheet. A rule stays when every
// class and id its selector requires occurs in the landing's markup; pseudo-classes, pseudo-elements and
// attribute conditions are not judged (hover, focus, dark scheme and variants all stay). Rules without
// classes or ids (`html`, `body`, `:root`, element selectors) and every at-rule body that keeps something
// stay too; @keyframes and @font-face always stay. Then custom properties nobody reads (Mantine defines
// hundreds: every colour of every palette in both schemes) are dropped too.
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

const VAR_USE = /var\(\s*(--[\w-]+)/g;

function varsIn(text: string, into: Set<string>): void {
  for (const [, name] of text.matchAll(VAR_USE)) if (name !== undefined) into.add(name);
}

/** Removes custom property declarations that no kept rule, no other kept variable and no markup reads. */
function dropUnreadVariables(root: Root, markup: string): void {
  const read = new Set<string>();
  varsIn(markup, read);
  const definitions = new Map<string, string[]>();
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--'))
      definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl.value]);
    else varsIn(decl.value, read);
  });
  // Variables defined through other variables: follow them until nothing new is read.
  const pending = [...read];
  while (pending.length > 0) {
    const name = pending.pop() ?? '';
    for (const value of definitions.get(name) ?? []) {
      const inner = new Set<string>();
      varsIn(value, inner);
      for (const next of inner) {
        if (!read.has(next)) {
          read.add(next);
          pending.push(next);
        }
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !read.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes !== undefined && atRule.nodes.length === 0) atRule.remove();
  });
}

/**
 * The parts of `css` (one or more stylesheets, in order) that the markup with `names` can use; `markup` (the
 * HTML, for the variables its style attributes read) is optional.
 */
export function purgeCss(css: string, names: MarkupNames, markup?: string): string {
  const root: Root = postcss.parse(css);
  prune(root, names);
  if (markup !== undefined) dropUnreadVariables(root, markup);
  root.walkComments((comment) => {
    comment.remove();
  });
  return root.toString().replace(/\n\s*/g, '\n').trim();
}
