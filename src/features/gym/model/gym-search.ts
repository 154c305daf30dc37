// Searching the verified gyms on this device (the gyms collection holds all of them once pulled).
import type { GymDoc } from '@/db/schemas/gyms';

/** Lower case without accents, so "munchen" finds "München" and "koln" finds "Köln". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

type SearchableGym = Pick<GymDoc, 'name' | 'address' | 'city' | 'postal_code' | 'verified'>;

/** Verified gyms whose name, city, address or postal code contain every word of the query. */
export function searchGyms<G extends SearchableGym>(gyms: readonly G[], query: string): G[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return gyms.filter((gym) => {
    if (!gym.verified) return false;
    if (words.length === 0) return true;
    const haystack = fold(`${gym.name} ${gym.city} ${gym.address} ${gym.postal_code ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** A new home-gym selection after toggling one gym: at most `max`, in the order chosen. */
export function toggleSelection(selected: readonly string[], gymId: string, max: number): string[] {
  if (selected.includes(gymId)) return selected.filter((id) => id !== gymId);
  if (selected.length >= max) return [...selected];
  return [...selected, gymId];
}
