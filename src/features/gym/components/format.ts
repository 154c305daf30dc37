/** "10:32" in the user's language. */
export function clockTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** "5 minutes ago", "just now" style, in the user's language. */
export function relativeTime(iso: string, now: Date, language: string): string {
  const minutes = Math.round((Date.parse(iso) - now.getTime()) / 60_000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  return format.format(Math.round(minutes / 60), 'hour');
}
