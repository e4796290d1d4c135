import type { ReactNode } from 'react';
import { clampPercent, RING_RADIUS, ringDash } from '../../lib/progress';

export interface ProgressRingProps {
  percent: number;
  /** Shown in the middle. */
  children?: ReactNode;
  size?: number;
  className?: string;
}

/**
 * A round progress ring (circumference 100.5). The fill is an SVG attribute,
 * not an inline style, so it works under the strict CSP. Decorative: the
 * caller gives the accessible text.
 */
export function ProgressRing({ percent, children, size = 40, className }: ProgressRingProps) {
  return (
    <span className={['ring', className].filter(Boolean).join(' ')} aria-hidden="true">
      <svg viewBox="0 0 36 36" width={size} height={size} focusable="false">
        <circle className="ring__track" cx="18" cy="18" r={RING_RADIUS} fill="none" strokeWidth="3.5" />
        <circle
          className="ring__fill"
          cx="18"
          cy="18"
          r={RING_RADIUS}
          fill="none"
          strokeWidth="3.5"
          // a round cap would draw a dot for 0 %
          strokeLinecap={clampPercent(percent) > 0 ? 'round' : 'butt'}
          strokeDasharray={ringDash(percent)}
          strokeDashoffset="0"
          transform="rotate(-90 18 18)"
        />
      </svg>
      {children !== undefined ? <span className="ring__label">{children}</span> : null}
    </span>
  );
}
