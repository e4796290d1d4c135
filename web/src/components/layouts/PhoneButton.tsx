import { useLocation } from 'wouter';
import { useT } from '../../lib/i18n';
import { requestVoiceCall } from '../../lib/voice-call-request';
import { PhoneIcon } from '../ui/icons/app';

/** 'Telefonieren': starts a voice call in the current chat (on the chat screen). */
export function PhoneButton({ onChosen }: { onChosen?: () => void }) {
  const t = useT();
  const [path, navigate] = useLocation();
  return (
    <button
      type="button"
      className="sidebar__item"
      onClick={() => {
        requestVoiceCall();
        if (path !== '/chat') navigate('/chat');
        else onChosen?.();
      }}
    >
      <PhoneIcon />
      <span className="sidebar__label">{t('nav.phone')}</span>
    </button>
  );
}
