import type { TooltipProps } from '@mantine/core';
import { cloneElement, useState, type PointerEvent, type ReactElement, type Ref } from 'react';
import { lazyPart } from './lazy-part';
import { useHintOpen } from './use-hint-open';

/**
 * Mantine's Tooltip (with floating-ui, about 20 KB gzipped) loads on the first hover of any hint: screens
 * show their hints' targets without downloading it (the chunk is local, so the hint shows at once).
 */
export const tooltipPart = lazyPart(() => import('./tooltip-part'));

type TargetProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
};

export type LazyTooltipProps = Omit<
  TooltipProps,
  'children' | 'target' | 'opened' | 'defaultOpened' | 'events'
> & { children: ReactElement<TargetProps> };

/**
 * A hover hint with Mantine Tooltip's defaults (mouse and pen hover, not touch or focus; `openDelay`,
 * `closeDelay`, `disabled`; Escape closes). The target element is the child itself, never re-created:
 * this component owns the hover timing and shows the loaded Tooltip against it (`target`, `opened`).
 */
export function LazyTooltip({
  children,
  openDelay = 0,
  closeDelay = 0,
  disabled = false,
  ...tooltip
}: LazyTooltipProps) {
  const parts = tooltipPart.useLoaded();
  // The target is read from the hover, not kept in state from the ref: a ref that sets state re-renders
  // every hint once more right after it mounts, inside the commit (a screen of hints, one more pass).
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const { opened, schedule } = useHintOpen();
  // Mounted from the first hover on, so closing keeps its fade-out.
  const [shown, setShown] = useState(false);

  // cloneElement only stores these handlers on the element; none of them runs in render.
  const targetElement = cloneElement(children, {
    onPointerEnter: (event) => {
      children.props.onPointerEnter?.(event);
      if (event.pointerType === 'touch' || disabled) return;
      setTarget(event.currentTarget);
      tooltipPart.load().catch(() => undefined); // a failed download shows no hint; the next hover retries
      setShown(true);
      schedule(true, openDelay);
    },
    onPointerLeave: (event) => {
      children.props.onPointerLeave?.(event);
      schedule(false, closeDelay);
    },
  });
  return (
    <>
      {targetElement}
      {parts !== null && shown && <parts.Tooltip {...tooltip} target={target} opened={opened && !disabled} />}
    </>
  );
}
