import { Dialog } from '../../../components/ui/Dialog';
import { PhoneIcon } from '../../../components/ui/icons/app';
import { useT, type MessageKey } from '../../../lib/i18n';
import type { VoiceState } from '../lib/voice-loop';

const STATE_TEXT: Record<Exclude<VoiceState, 'off'>, MessageKey> = {
  listening: 'chat.voice.listening',
  processing: 'chat.voice.processing',
  speaking: 'chat.voice.speaking',
};

/**
 * The voice status bar: 'Jetzt zuhören…', 'Verarbeite…' or 'Antwort
 * abspielen…' and the end-call button. The state is a live region, so screen
 * readers announce each change.
 */
export function VoiceStatusBar({ state, onEnd }: { state: VoiceState; onEnd: () => void }) {
  const t = useT();
  if (state === 'off') return null;
  return (
    <div className={`voice-bar voice-bar--${state}`} aria-label={t('chat.voice.status')} role="group">
      <span className="voice-bar__dot" aria-hidden="true" />
      <p className="voice-bar__state" role="status" aria-live="polite">
        {t(STATE_TEXT[state])}
      </p>
      <button type="button" className="button button--danger button--small" onClick={onEnd}>
        <PhoneIcon width={16} height={16} aria-hidden="true" />
        {t('chat.voice.end')}
      </button>
    </div>
  );
}

/** The microphone-permission dialog with instructions for Chrome, Edge and Safari. */
export function MicrophoneDialog({ open, onCancel, onRetry }: { open: boolean; onCancel: () => void; onRetry: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} title={t('chat.voice.permission.title')} onClose={onCancel} className="microphone-dialog">
      <div className="stack">
        <p>{t('chat.voice.permission.text')}</p>
        <ul className="microphone-dialog__steps">
          <li>{t('chat.voice.permission.chrome')}</li>
          <li>{t('chat.voice.permission.edge')}</li>
          <li>{t('chat.voice.permission.safari')}</li>
        </ul>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('chat.voice.permission.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('chat.voice.permission.retry')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
