import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../lib/i18n';
import { requestVoiceCall } from '../../lib/voice-call-request';
import { PhoneIcon } from '../ui/icons';

/** 'Telefonieren': starts a voice call in the current chat (on the chat screen). */
export function PhoneButton() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <button
      type="button"
      className="sidebar__item"
      onClick={() => {
        requestVoiceCall();
        if (location.pathname !== '/chat') void navigate('/chat');
      }}
    >
      <PhoneIcon />
      <span className="sidebar__label">{t('nav.phone')}</span>
    </button>
  );
}
