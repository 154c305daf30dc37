import type { MantineColor } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './progress-ring.module.css';

export interface ProgressRingProps {
  /** Outer size in px. */
  size: number;
  /** Stroke width in px (at most a quarter of the size). */
  thickness: number;
  /** 0..100. */
  value: number;
  /** A theme colour name (its filled shade is used). */
  color: MantineColor;
  roundCaps?: boolean;
  /** Shown in the middle. */
  label?: ReactNode;
}

const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

/**
 * A one-section progress ring drawn like Mantine's RingProgress, without it: RingProgress wraps every
 * section in a floating tooltip, which brings the Tooltip and floating-ui code (about 20 KB gzipped) to
 * any screen that shows a ring, tooltip or not. Decorative: callers give the value in text.
 */
export function ProgressRing({ size, thickness, value, color, roundCaps = false, label }: ProgressRingProps) {
  const stroke = Math.min(thickness, size / 4);
  const radius = (size * 0.9 - stroke * 2) / 2;
  const circumference = Math.PI * radius * 2;
  const percent = Math.min(100, Math.max(0, value));
  const unit = circumference / 100;
  const circle = { cx: size / 2, cy: size / 2, r: radius, fill: 'none', strokeWidth: stroke };
  const style = {
    '--ring-size': rem(size),
    '--ring-label-offset': rem(stroke * 2),
  } as CSSProperties;
  return (
    <div className={classes.root} style={style}>
      <svg className={classes.svg} viewBox={`0 0 ${size} ${size}`} aria-hidden>
        <circle
          {...circle}
          className={classes.track}
          strokeDasharray={`${(100 - percent) * unit}, ${percent * unit}`}
          transform={`scale(1, -1) translate(0, -${size})`}
        />
        <circle
          {...circle}
          stroke={`var(--mantine-color-${color}-filled)`}
          strokeLinecap={roundCaps ? 'round' : 'butt'}
          strokeDasharray={`${percent * unit}, ${(100 - percent) * unit}`}
          strokeDashoffset={circumference}
        />
      </svg>
      {label !== undefined && <div className={classes.label}>{label}</div>}
    </div>
  );
}
