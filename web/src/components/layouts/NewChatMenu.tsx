import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ChatMode } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { PlusIcon } from '../ui/icons';

/** 'Neuer Chat' with Übung / Prüfung: goes to /chat with router state {mode}. */
export function NewChatMenu() {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent | MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (mode: ChatMode) => {
    setOpen(false);
    void navigate('/chat', { state: { mode } });
  };

  return (
    <div className="new-chat" ref={wrapper} data-tour="new-chat">
      <button
        ref={toggle}
        type="button"
        className="sidebar__item sidebar__item--primary"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <PlusIcon />
        <span className="sidebar__label">{t('nav.newChat')}</span>
      </button>
      <ul id={menuId} className="new-chat__menu" hidden={!open}>
        <li>
          <button type="button" className="new-chat__option" onClick={() => choose('Übung')}>
            <span className="new-chat__title">{t('nav.mode.practice')}</span>
            <span className="new-chat__hint">{t('nav.mode.practiceHint')}</span>
          </button>
        </li>
        <li>
          <button type="button" className="new-chat__option" onClick={() => choose('Prüfung')}>
            <span className="new-chat__title">{t('nav.mode.exam')}</span>
            <span className="new-chat__hint">{t('nav.mode.examHint')}</span>
          </button>
        </li>
      </ul>
    </div>
  );
}
