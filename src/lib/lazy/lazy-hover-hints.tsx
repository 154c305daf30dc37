import type { TooltipProps } from '@mantine/core';
import { cloneElement, useRef, useState, type PointerEvent, type ReactElement, type ReactNode } from 'react';
import { tooltipPart } from './lazy-tooltip';
import { useHintOpen } from './use-hint-open';

type ContainerProps = {
  onPointerOver?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
};

export type LazyHoverHintsProps = Omit<
  TooltipProps,
  'children' | 'target' | 'opened' | 'defaultOpened' | 'events' | 'label'
> & {
  /** The element holding the targets (a grid of cells); it gets the pointer handlers. */
  children: ReactElement<ContainerProps>;
  /** The target under the pointer and its hint, or null where no hint shows (a gap, a future day). */
  hintFor: (element: Element) => { target: HTMLElement; label: ReactNode } | null;
};

interface Hint {
  target: HTMLElement;
  label: ReactNode;
}

/**
 * One hover hint for the many targets of a container, with LazyTooltip's behaviour (mouse and pen hover,
 * not touch; `openDelay`, `closeDelay`, `disabled`; Escape closes): the container's pointer events find the
 * target, and one Tooltip shows against it. A grid of cells mounts no component per cell and builds no
 * label until a cell is hovered: 182 LazyTooltips cost the home screen's first render about a fifth of its
 * time (a 4x-throttled CPU profile of /home), each with its hooks, label and a re-render from its ref.
 */
export function LazyHoverHints({
  children,
  hintFor,
  openDelay = 0,
  closeDelay = 0,
  disabled = false,
  ...tooltip
}: LazyHoverHintsProps) {
  const parts = tooltipPart.useLoaded();
  const [hint, setHint] = useState<Hint | null>(null);
  const { opened, setOpened, schedule } = useHintOpen();
  const current = useRef<HTMLElement | null>(null);
  const close = () => {
    current.current = null;
    schedule(false, closeDelay);
  };

  // cloneElement only stores these handlers on the element; none of them (nor the refs) runs in render.
  // eslint-disable-next-line react-hooks/refs
  const container = cloneElement(children, {
    onPointerOver: (event) => {
      children.props.onPointerOver?.(event);
      if (event.pointerType === 'touch' || disabled || !(event.target instanceof Element)) return;
      const next = hintFor(event.target);
      if (next === null) {
        if (current.current !== null) close();
        return;
      }
      if (next.target === current.current) return;
      // Another target: the hint closes and opens again after the delay, as it does moving between
      // targets that each have their own tooltip.
      current.current = next.target;
      tooltipPart.load().catch(() => undefined); // a failed download shows no hint; the next hover retries
      setOpened(false);
      setHint(next);
      schedule(true, openDelay);
    },
    onPointerLeave: (event) => {
      children.props.onPointerLeave?.(event);
      close();
    },
  });
  return (
    <>
      {container}
      {parts !== null && hint !== null && (
        <parts.Tooltip {...tooltip} label={hint.label} target={hint.target} opened={opened && !disabled} />
      )}
    </>
  );
}
