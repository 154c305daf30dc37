import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` (presence expires after 3 hours; times say "since"). */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const handle = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(handle);
  }, [everyMs]);
  return now;
}
