// Writes the level vectors to stdout: `npx tsx test/vectors/generate-levels.ts > test/vectors/levels.json`.
//
// Deliberately independent of src/domain/levels.ts: a literal transcription of the spec (point 9) with a
// plain walk-up loop, plus an exact BigInt check of every need against real arithmetic. The need is taken
// from IEEE-754 doubles (as Postgres' power(double precision, double precision) gives it); the exact check
// proves that doubles and real arithmetic disagree only at the five known perfect-fifth-power points and
// nowhere else, so nothing else in the curve depends on rounding luck. (Output goes to stdout because this
// file is typechecked with the browser tsconfig, which has no Node types.)

const LEVEL_CAP = 10000;
const VECTOR_LEVELS = 300;

function needDouble(n: number): number {
  return Math.floor(100 * Math.pow(Math.max(1, n) + 1, 1.2));
}

// floor(100 * (n+1)^(6/5)) in exact arithmetic: the largest m with m^5 <= 10^10 * (n+1)^6.
function needExact(n: number): number {
  const target = 10n ** 10n * BigInt(n + 1) ** 6n;
  let m = BigInt(needDouble(n)) - 2n;
  while ((m + 1n) ** 5n <= target) m += 1n;
  while (m ** 5n > target) m -= 1n;
  return Number(m);
}

const expectedDisagreements = [31, 242, 1023, 3124, 7775];
const disagreements: number[] = [];
const need: number[] = [0];
for (let n = 1; n <= LEVEL_CAP; n++) {
  need[n] = needDouble(n);
  const exact = needExact(n);
  if (exact !== need[n]) {
    if (exact - 1 !== need[n]) throw new Error(`level ${n}: double ${need[n]} vs exact ${exact}`);
    disagreements.push(n);
  }
}
if (disagreements.join() !== expectedDisagreements.join()) {
  throw new Error(`unexpected double/exact disagreements: ${disagreements.join()}`);
}

const needOf = (n: number): number => need[n] ?? Number.NaN;

// totalFor(l) = sum of needs of levels 1 .. l-1, summed one by one.
function totalFor(level: number): number {
  let sum = 0;
  for (let n = 1; n < level; n++) sum += needOf(n);
  return sum;
}

// The spec's walk: start at level 1, subtract each need while the rest covers it, stop at the cap.
function walk(total: number): {
  level: number;
  xpIntoLevel: number;
  xpForNext: number;
  progressPercent: number;
} {
  let level = 1;
  let rest = Math.max(0, total);
  while (level < LEVEL_CAP && rest >= needOf(level)) {
    rest -= needOf(level);
    level += 1;
  }
  const xpForNext = needOf(level);
  // Integer percent, floored, clamped 0..100 (BigInt so the huge totals stay exact here too).
  const pct = xpForNext > 0 ? Number((BigInt(rest) * 100n) / BigInt(xpForNext)) : 0;
  return { level, xpIntoLevel: rest, xpForNext, progressPercent: Math.min(100, Math.max(0, pct)) };
}

const totalsList = Array.from({ length: VECTOR_LEVELS }, (_, i) => ({
  level: i + 1,
  total: totalFor(i + 1),
}));

const edgeTotals = new Set<number>([-1_000_000, -1, 0, 1, 100, 228, 1000, 12_345, 1_000_000, 1_000_000_000]);
for (let level = 2; level <= VECTOR_LEVELS + 1; level++) {
  const t = totalFor(level);
  edgeTotals.add(t - 1);
  edgeTotals.add(t);
  edgeTotals.add(t + 1);
}
const capTotal = totalFor(LEVEL_CAP);
for (const t of [capTotal - 1, capTotal, capTotal + 1, capTotal + needOf(LEVEL_CAP) - 1]) edgeTotals.add(t);
for (const t of [capTotal + needOf(LEVEL_CAP), 1_000_000_000_000, Number.MAX_SAFE_INTEGER]) edgeTotals.add(t);

const fromTotal = [...edgeTotals].sort((a, b) => a - b).map((total) => ({ total, ...walk(total) }));

const spotLevels = [...expectedDisagreements.filter((n) => n > VECTOR_LEVELS), 5000, 9999, LEVEL_CAP];
const out = {
  needs: Array.from({ length: VECTOR_LEVELS }, (_, i) => ({ level: i + 1, need: needOf(i + 1) })),
  totals: totalsList,
  fromTotal,
  needsBeyond300: spotLevels.map((level) => ({ level, need: needOf(level) })),
  totalsBeyond300: [5000, 9999, LEVEL_CAP].map((level) => ({ level, total: totalFor(level) })),
};

// One entry per line: diff-friendly and easy to read for the SQL side.
const lines = Object.entries(out).map(
  ([key, rows]) => `  "${key}": [\n${rows.map((r) => `    ${JSON.stringify(r)}`).join(',\n')}\n  ]`,
);
console.log(`{\n${lines.join(',\n')}\n}`);
