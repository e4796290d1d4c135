import { useId, type ReactNode } from 'react';

export interface WithTooltipProps {
  /** The tooltip text; nothing is shown when empty. */
  tip: ReactNode;
  /** Renders the trigger; give it aria-describedby={describedBy}. */
  children: (describedBy: string | undefined) => ReactNode;
  className?: string;
  /** Where the tooltip opens (default below). */
  placement?: 'below' | 'above';
  /** Which edge it lines up with (default centred on the trigger). */
  align?: 'center' | 'start' | 'end';
}

/**
 * A tooltip shown on hover and keyboard focus (pure CSS, no injected styles).
 * The trigger is described by it, so screen readers read it too; disabled
 * triggers use aria-disabled to stay focusable.
 */
export function WithTooltip({ tip, children, className, placement = 'below', align = 'center' }: WithTooltipProps) {
  const id = useId();
  const has = tip !== null && tip !== undefined && tip !== false && tip !== '';
  return (
    <span className={['tip-anchor', className].filter(Boolean).join(' ')}>
      {children(has ? id : undefined)}
      {has ? (
        <span
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
