import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';

export interface WithTooltipProps {
  /** The tooltip text; nothing is shown when empty. */
  tip: ReactNode;
  /** Renders the trigger; give it aria-describedby={describedBy}. */
  children: (describedBy: string | undefined) => ReactNode;
  className?: string;
  /** Where the tooltip opens (default below); it flips when there is no room. */
  placement?: 'below' | 'above';
  /** Which edge it lines up with (default centred on the trigger). */
  align?: 'center' | 'start' | 'end';
}

function focusVisible(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** Space kept between a tooltip and the edge of the window. */
export const TIP_EDGE_MARGIN = 8;

/**
 * Keeps a tooltip inside the window: shifts it sideways by what sticks out
 * and opens it on the other side when there is no room above or below.
 */
export function placeTip(tip: HTMLElement, placement: 'below' | 'above'): void {
  tip.style.setProperty('--tip-shift', '0px');
  delete tip.dataset.flip;
  let rect = tip.getBoundingClientRect();
  const height = window.innerHeight;
  if (placement === 'below' && rect.bottom > height - TIP_EDGE_MARGIN) {
    tip.dataset.flip = 'above';
  } else if (placement === 'above' && rect.top < TIP_EDGE_MARGIN) {
    tip.dataset.flip = 'below';
  }
  if (tip.dataset.flip) {
    const flipped = tip.getBoundingClientRect();
    // flip only where it fits better
    const overflow = (r: DOMRect) => Math.max(0, TIP_EDGE_MARGIN - r.top) + Math.max(0, r.bottom - (height - TIP_EDGE_MARGIN));
    if (overflow(flipped) >= overflow(rect)) delete tip.dataset.flip;
    else rect = flipped;
  }
  const width = window.innerWidth;
  let shift = 0;
  if (rect.left < TIP_EDGE_MARGIN) shift = TIP_EDGE_MARGIN - rect.left;
  else if (rect.right > width - TIP_EDGE_MARGIN) shift = width - TIP_EDGE_MARGIN - rect.right;
  tip.style.setProperty('--tip-shift', `${Math.round(shift)}px`);
}

/**
 * A tooltip shown on hover and keyboard focus (CSS shows it, no injected
 * styles). The trigger is described by it, so screen readers read it too;
 * disabled triggers use aria-disabled to stay focusable. As WCAG 1.4.13 asks,
 * Escape hides it until pointer and focus have left, and it stays inside the
 * window at its edges.
 */
export function WithTooltip({ tip, children, className, placement = 'below', align = 'center' }: WithTooltipProps) {
  const id = useId();
  const tipRef = useRef<HTMLSpanElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const has = tip !== null && tip !== undefined && tip !== false && tip !== '';
  const shown = has && (hovered || focused) && !dismissed;

  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // only the tooltip goes: not a dialog or menu around it
      event.preventDefault();
      setDismissed(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);

  const place = () => {
    if (tipRef.current) placeTip(tipRef.current, placement);
  };
  const leave = (next: { hovered: boolean; focused: boolean }) => {
    if (!next.hovered && !next.focused) setDismissed(false);
  };

  return (
    // The wrapper only watches pointer and focus of the trigger inside it; it is not a control.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- see above
    <span
      className={['tip-anchor', dismissed ? 'tip-anchor--dismissed' : '', className].filter(Boolean).join(' ')}
      onPointerEnter={() => {
        place();
        setHovered(true);
      }}
      onPointerLeave={() => {
        setHovered(false);
        leave({ hovered: false, focused });
      }}
      onFocus={(event: FocusEvent) => {
        // a mouse click's focus shows no tooltip (CSS: :focus-visible)
        if (!focusVisible(event.target)) return;
        place();
        setFocused(true);
      }}
      onBlur={(event: FocusEvent) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        setFocused(false);
        leave({ hovered, focused: false });
      }}
    >
      {children(has ? id : undefined)}
      {has ? (
        <span
          ref={tipRef}
          id={id}
          role="tooltip"
          className={['tip', placement === 'above' ? 'tip--above' : '', align === 'center' ? '' : `tip--${align}`]
            .filter(Boolean)
            .join(' ')}
        >
          {tip}
        </span>
      ) : null}
    </span>
  );
}
