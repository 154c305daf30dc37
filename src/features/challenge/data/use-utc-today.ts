import { useEffect, useState } from 'react';
import { challengeDateUtc } from '@/domain/challenge-date';

const systemClock = () => new Date();

/** Today's UTC date, moving on at UTC midnight while the page stays open (the challenge day changes). */
export function useUtcToday(clock: () => Date = systemClock): string {
  const [today, setToday] = useState(() => challengeDateUtc(clock()));
  useEffect(() => {
    const now = clock();
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    // One second past midnight, so the new date is certain when the timer fires.
    const timer = setTimeout(() => setToday(challengeDateUtc(clock())), next - now.getTime() + 1000);
    return () => clearTimeout(timer);
  }, [today, clock]);
  return today;
}
