import { useEffect, useRef, useState } from 'react';

/**
 * A hover hint's open state, shared by LazyTooltip and LazyHoverHints: `schedule` opens or closes it after
 * a delay (the latest call wins), and Escape closes it while it is open.
 */
export function useHintOpen() {
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const schedule = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    if (delay <= 0) setOpened(next);
    else timer.current = setTimeout(() => setOpened(next), delay);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!opened) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpened(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened]);
  return { opened, setOpened, schedule };
}
