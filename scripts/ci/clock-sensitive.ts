// The test files that touch time: those with a line starting `// @clock-sensitive` (best the file's first,
// followed by what in it depends on the clock). `.ci/run`'s shifted-clock runs (CLOCK_SENSITIVE_ONLY=1,
// vitest.config.ts) run only these; the run at today's date in UTC runs every file. The marker moves with
// its file, so no list of paths has to follow renames. A file is clock-sensitive when what it checks could
// change with the date, the time or the zone the machine is in: "today", days, weeks and months, streaks,
// reminders and schedules, the expiry of tokens and sessions, times shown in the user's zone, wall-clock
// timestamps. clock-sensitive.test.ts fails on a test file that reads the clock or the zone without it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const CLOCK_SENSITIVE_MARKER = /^\/\/ @clock-sensitive\b/m;

/** A regular expression for a glob of the forms the Vitest projects use (`dir/**\/*.test.ts`, `dir/*.test.ts`). */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i] as string;
    if (glob.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += /[.+^${}()|[\]\\]/.test(c) ? `\\${c}` : c;
  }
  return new RegExp(`^${source}$`);
}

/** Every file under `root` (paths relative to it, with `/`) that one of `globs` matches, sorted. */
export function filesMatching(root: string, globs: readonly string[]): string[] {
  const patterns = globs.map(globToRegExp);
  const tops = new Set(globs.map((glob) => glob.split('/')[0] as string));
  const found: string[] = [];
  for (const top of tops) {
    let entries: string[];
    try {
      entries = readdirSync(join(root, top), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = relative(root, join(root, top, entry))
        .split(sep)
        .join('/');
      if (path.includes('/node_modules/')) continue;
      if (patterns.some((pattern) => pattern.test(path))) found.push(path);
    }
  }
  return found.sort();
}

export function isClockSensitive(source: string): boolean {
  return CLOCK_SENSITIVE_MARKER.test(source);
}

/** The files `globs` match under `root` that carry the marker. */
export function clockSensitiveFiles(root: string, globs: readonly string[]): string[] {
  return filesMatching(root, globs).filter((path) =>
    isClockSensitive(readFileSync(join(root, path), 'utf8')),
  );
}
