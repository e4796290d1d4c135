import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import type { ChatMode } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMenu } from '../ui/menu';
import { PlusIcon } from '../ui/icons/app';

/** 'Neuer Chat' with Übung / Prüfung: goes to /chat with router state {mode}. */
export function NewChatMenu() {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { root, close, triggerProps, menuProps, itemProps } = useMenu({ open, onOpenChange: setOpen });

  const choose = (mode: ChatMode) => {
    close();
    navigate('/chat', { state: { mode } });
  };

  return (
    <div className="new-chat" ref={root} data-tour="new-chat">
      <button {...triggerProps} className="sidebar__item sidebar__item--primary">
        <PlusIcon />
        <span className="sidebar__label">{t('nav.newChat')}</span>
      </button>
      <ul {...menuProps} className="new-chat__menu">
        <li role="none">
          <button {...itemProps} type="button" className="new-chat__option" onClick={() => choose('Übung')}>
            <span className="new-chat__title">{t('nav.mode.practice')}</span>
            <span className="new-chat__hint">{t('nav.mode.practiceHint')}</span>
          </button>
        </li>
        <li role="none">
          <button {...itemProps} type="button" className="new-chat__option" onClick={() => choose('Prüfung')}>
            <span className="new-chat__title">{t('nav.mode.exam')}</span>
            <span className="new-chat__hint">{t('nav.mode.examHint')}</span>
          </button>
        </li>
      </ul>
    </div>
  );
}
