// Unread and pending-request badges (spec point 2): hidden at zero, the number up to 9, then "9+".

export const BADGE_CAP = 9;

/** Text for a count badge, or null when the badge is hidden (zero, negative or not a number). */
export function badgeText(count: number): string | null {
  if (Number.isNaN(count) || count <= 0) return null;
  if (count > BADGE_CAP) return `${BADGE_CAP}+`;
  // Counts are whole numbers; a fraction (never expected) is shown rounded down, and 0.5 stays hidden.
  const whole = Math.floor(count);
  return whole === 0 ? null : String(whole);
}
