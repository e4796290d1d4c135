import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { PhoneIcon } from '../ui/icons';

const TOOLTIP_MS = 1800;

/** The phone feature is not live yet: a disabled button whose tooltip says so. */
export function PhoneButton() {
  const t = useT();
  const tooltipId = useId();
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = () => {
    setVisible(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(false), TOOLTIP_MS);
  };

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // Escape hides it (WCAG 1.4.13)
  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setVisible(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible]);

  return (
    <div className="tooltip-anchor">
      <button
        type="button"
        className="sidebar__item"
        aria-disabled="true"
        aria-describedby={tooltipId}
        onClick={show}
        onFocus={show}
        onMouseEnter={show}
        onBlur={() => setVisible(false)}
      >
        <PhoneIcon />
        <span className="sidebar__label">{t('nav.phone')}</span>
      </button>
      <span id={tooltipId} role="tooltip" className={visible ? 'tooltip tooltip--visible' : 'tooltip'}>
        {t('nav.phoneSoon')}
      </span>
    </div>
  );
}
