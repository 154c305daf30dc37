import type { TFunction } from 'i18next';

/**
 * The catalogue's text for one challenge (locales/<lng>/challenges.json, loaded as its part namespace
 * `challenges@<id>`), in the user's language.
 */
export interface ChallengeContent {
  title: string;
  description: string | null;
  instructions: string[];
  tips: string[];
  muscles: string[];
}

const listOf = (value: unknown): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, v]) => v)
        .filter((v): v is string => typeof v === 'string')
    : [];

/**
 * A challenge the catalogue knows is shown in the user's language; one it does not know (a newer server
 * catalogue) falls back to the server's name and description, without lists.
 */
export function challengeContent(
  t: TFunction<'challenges'>,
  exists: (key: string) => boolean,
  id: string,
  fallback: { name: string; description: string | null },
): ChallengeContent {
  if (!exists(`${id}.title`)) {
    return {
      title: fallback.name,
      description: fallback.description,
      instructions: [],
      tips: [],
      muscles: [],
    };
  }
  // The id comes from the server: checked with `exists` above, so an untyped lookup is safe here.
  const lookup = t as unknown as (key: string, options?: { returnObjects: true }) => unknown;
  const text = (key: string) => {
    const value = lookup(`${id}.${key}`);
    return typeof value === 'string' ? value : '';
  };
  return {
    title: text('title') || fallback.name,
    description: text('description') || fallback.description,
    instructions: listOf(lookup(`${id}.instructions`, { returnObjects: true })),
    tips: listOf(lookup(`${id}.tips`, { returnObjects: true })),
    muscles: listOf(lookup(`${id}.muscles`, { returnObjects: true })),
  };
}
