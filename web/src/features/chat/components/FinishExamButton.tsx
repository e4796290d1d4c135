import { useId, useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { FlagIcon } from '../../../components/ui/icons/app';
import { useT } from '../../../lib/i18n';

/**
 * 'Prüfung beenden', asked once more: an ended exam takes no further answer,
 * so a slip of the mouse must not end it.
 */
export function FinishExamButton({ disabled, onConfirm }: { disabled: boolean; onConfirm: () => void }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const textId = useId();
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={disabled}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
      >
        <FlagIcon width={16} height={16} />
        {t('chat.exam.finish')}
      </button>
      <Dialog open={asking} title={t('chat.exam.confirmTitle')} describedBy={textId} onClose={() => setAsking(false)}>
        <div className="stack">
          <p id={textId}>{t('chat.exam.confirmText')}</p>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
              {t('chat.exam.continue')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setAsking(false);
                onConfirm();
              }}
            >
              {t('chat.exam.finish')}
            </button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
