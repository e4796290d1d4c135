import { useId, useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { useT } from '../../../lib/i18n';
import { Markdown } from '../lib/markdown';

export type HintStatus = 'loading' | 'error' | 'ready';

export interface HintPopupProps {
  open: boolean;
  status: HintStatus;
  tip: string;
  perfectLoading: boolean;
  perfectError: string | null;
  onClose: () => void;
  /** 'Übernehmen': the (edited) tip goes into the input. */
  onApply: (text: string) => void;
  /** 'Perfekte Antwort': loads the answer, which goes into the input for editing. */
  onPerfect: () => void;
}

function TipEditor({ tip, onApply }: { tip: string; onApply: (text: string) => void }) {
  const t = useT();
  const [text, setText] = useState(tip);
  const id = useId();
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(text);
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t('chat.hint.field')}
        </label>
        <textarea
          id={id}
          className="field__input hint__text"
          rows={5}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </div>
      <button type="submit" className="button button--primary">
        {t('chat.hint.apply')}
      </button>
    </form>
  );
}

/** The hint popup: loading, error, or the tip in an editable field; plus the perfect answer. */
export function HintPopup({
  open,
  status,
  tip,
  perfectLoading,
  perfectError,
  onClose,
  onApply,
  onPerfect,
}: HintPopupProps) {
  const t = useT();
  return (
    <Dialog open={open} title={t('chat.hint.title')} className="hint-dialog" onClose={onClose}>
      <div className="stack">
        {status === 'loading' ? (
          <p className="hint__loading" role="status">
            <span className="spinner spinner--small" aria-hidden="true" />
            {t('chat.hint.loading')}
          </p>
        ) : status === 'error' ? (
          <p className="field__error" role="alert">
            {t('chat.hint.error')}
          </p>
        ) : (
          <TipEditor key={tip} tip={tip} onApply={onApply} />
        )}
        <div className="hint__perfect">
          {perfectError ? (
            <p className="field__error" role="alert">
              {perfectError}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            disabled={perfectLoading}
            onClick={onPerfect}
          >
            {perfectLoading ? t('chat.hint.perfectLoading') : t('chat.hint.perfect')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

export interface ReplaceInputDialogProps {
  /** The perfect answer waiting to go into the input, or null (closed). */
  text: string | null;
  onCancel: () => void;
  onConfirm: (text: string) => void;
}

/** Asks before the perfect answer replaces text the user already has in the input. */
export function ReplaceInputDialog({ text, onCancel, onConfirm }: ReplaceInputDialogProps) {
  const t = useT();
  const descId = useId();
  return (
    <Dialog open={text !== null} title={t('chat.perfect.replaceTitle')} describedBy={descId} onClose={onCancel}>
      <div className="stack">
        <p id={descId}>{t('chat.perfect.replaceText')}</p>
        <blockquote className="perfect__text">{text !== null ? <Markdown text={text} /> : null}</blockquote>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              if (text !== null) onConfirm(text);
            }}
          >
            {t('chat.perfect.replace')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
