// The docs a newcomer reads stay readable and honest (issue 32):
// - docs/decisions.md stays short (≤ 500 lines) and has an index that lists every entry, with its date and
//   status, and nothing else; every entry carries a `Date: YYYY-MM-DD · Status: <status>` line;
// - sources and docs that cite an entry (`decisions.md, "Title"` or `decisions.md#anchor`) name one that
//   exists, so renaming or merging an entry cannot leave a dangling citation;
// - no file in the repository points at notes outside it (a reader of the repository cannot open them);
// - relative links in README.md and docs/*.md lead to files that exist.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const MAX_DECISIONS_LINES = 500;
const STATUSES = ['accepted', 'revised', 'superseded', 'proposed'] as const;

/** The anchor GitHub (github-slugger) gives a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

interface Entry {
  number: number;
  title: string;
  anchor: string;
  date: string;
  status: string;
}

/** The entries as their headings and status lines give them: `## N. Title`, then `Date: … · Status: …`. */
function decisionEntries(text: string): { entries: Entry[]; problems: string[] } {
  const lines = text.split('\n');
  const entries: Entry[] = [];
  const problems: string[] = [];
  lines.forEach((line, i) => {
    const heading = /^## (\d+)\. (.+)$/.exec(line);
    if (!heading) {
      if (line.startsWith('## ')) problems.push(`heading without a number: "${line}"`);
      return;
    }
    const statusLine = lines.slice(i + 1).find((next) => next.trim() !== '') ?? '';
    const status = /^Date: (\d{4}-\d{2}-\d{2}) · Status: ([a-z]+)\b/.exec(statusLine);
    if (!status) {
      problems.push(`"${line}" is not followed by "Date: YYYY-MM-DD · Status: <status>"`);
      return;
    }
    entries.push({
      number: Number(heading[1]),
      title: heading[2] ?? '',
      anchor: headingAnchor(`${heading[1]}. ${heading[2] ?? ''}`),
      date: status[1] ?? '',
      status: status[2] ?? '',
    });
  });
  return { entries, problems };
}

/** The index table's rows: `| N | [Title](#anchor) | YYYY-MM-DD | status |`. */
function indexRows(text: string): Entry[] {
  const rows: Entry[] = [];
  for (const match of text.matchAll(
    /^\|\s*(\d+)\s*\|\s*\[(.+?)\]\(#([^)]+)\)\s*\|\s*(\S+)\s*\|\s*(\S+)\s*\|\s*$/gm,
  )) {
    rows.push({
      number: Number(match[1]),
      title: match[2] ?? '',
      anchor: match[3] ?? '',
      date: match[4] ?? '',
      status: match[5] ?? '',
    });
  }
  return rows;
}

/** Text files of the repository: committed or about to be (untracked but not ignored). */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((path) => path !== '' && existsSync(join(root, path)));
}

const TEXT_FILE = /\.(md|ts|tsx|sql|toml|json)$/;
const textFiles = () =>
  repositoryFiles().filter((path) => TEXT_FILE.test(path) && !path.endsWith('package-lock.json'));

/** A comment or paragraph's text with its line breaks (and the comment markers after them) as spaces. */
function joinedLines(text: string): string {
  return text.replace(/\s*\n\s*(?:\/\/|\*|--|#)?\s*/g, ' ');
}

const decisions = read('docs/decisions.md');

describe('docs/decisions.md', () => {
  const { entries, problems } = decisionEntries(decisions);
  const rows = indexRows(decisions);

  it(`has at most ${MAX_DECISIONS_LINES} lines`, () => {
    const lines = decisions.split('\n').length - (decisions.endsWith('\n') ? 1 : 0);
    expect(lines, 'move logs and figures to docs/performance-log.md').toBeLessThanOrEqual(
      MAX_DECISIONS_LINES,
    );
  });

  it('gives every entry a number, a date and a status', () => {
    expect(problems).toEqual([]);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.map((entry) => entry.number)).toEqual(entries.map((_, i) => i + 1));
    for (const entry of entries) {
      expect(STATUSES, `status of "${entry.title}"`).toContain(entry.status);
      expect(Number.isNaN(Date.parse(entry.date)), `date of "${entry.title}"`).toBe(false);
    }
  });

  it('lists every entry in its index, and nothing else, with the same date and status', () => {
    expect(rows).toEqual(entries);
  });
});

describe('citations of decisions.md', () => {
  const { entries } = decisionEntries(decisions);
  const titles = entries.map((entry) => entry.title.toLowerCase());
  const anchors = new Set(entries.map((entry) => entry.anchor));

  it('name an entry that exists (by its title or a part of it, or by its anchor)', () => {
    const dangling: string[] = [];
    let citations = 0;
    for (const path of textFiles()) {
      if (path === 'docs/decisions.md' || path === 'scripts/docs.test.ts') continue;
      const text = joinedLines(readFileSync(join(root, path), 'utf8'));
      for (const match of text.matchAll(/decisions\.md,?\s*"([^"]+)"/g)) {
        citations += 1;
        const cited = (match[1] ?? '').replace(/\s+/g, ' ').toLowerCase();
        if (!titles.some((title) => title.includes(cited))) dangling.push(`${path}: "${match[1]}"`);
      }
      for (const match of text.matchAll(/decisions\.md#([\w-]+)/g)) {
        citations += 1;
        if (!anchors.has(match[1] ?? '')) dangling.push(`${path}: #${match[1]}`);
      }
    }
    expect(citations, 'the citations were found at all').toBeGreaterThan(0);
    expect(dangling).toEqual([]);
  });
});

describe('the repository', () => {
  it('points at no notes outside itself', () => {
    const outside = /shared\/notes|\.\.\/shared\//;
    const offenders = textFiles()
      .filter((path) => path !== 'scripts/docs.test.ts')
      .flatMap((path) =>
        readFileSync(join(root, path), 'utf8')
          .split('\n')
          .flatMap((line, i) => (outside.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders, 'state the fact in the file, or link a public upstream document').toEqual([]);
  });

  it('has relative links in README.md and docs/*.md that lead to existing files', () => {
    const docs = ['README.md', ...repositoryFiles().filter((path) => /^docs\/[^/]+\.md$/.test(path))];
    const broken: string[] = [];
    for (const path of docs) {
      const text = read(path)
        .replace(/^```[\s\S]*?^```/gm, '')
        .replace(/`[^`\n]*`/g, '');
      for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1] ?? '';
        if (/^([a-z][a-z0-9+.-]*:|#)/i.test(target)) continue;
        const file = decodeURIComponent(target.split('#')[0] ?? '');
        const resolved = join(dirname(join(root, path)), file);
        if (!existsSync(resolved)) broken.push(`${path}: ${target} (${relative(root, resolved)})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
