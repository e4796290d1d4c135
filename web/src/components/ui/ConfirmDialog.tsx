import { useId, type ReactNode } from 'react';
import { Dialog } from './Dialog';
import { useT } from '../../lib/i18n';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What happens on confirming. */
  text: ReactNode;
  confirmLabel: string;
  /** 'danger' for what locks someone out or deletes. */
  tone?: 'primary' | 'danger';
  /** While the action runs: both buttons are disabled and Escape waits. */
  busy?: boolean;
  /** The action's failure, shown in the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" before an action (the back-office's, a team owner's); Cancel gets the focus first. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  tone = 'primary',
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  const textId = useId();
  return (
    <Dialog
      open={open}
      title={title}
      describedBy={textId}
      onClose={() => {
        if (!busy) onCancel();
      }}
    >
      <div className="stack">
        <p id={textId}>{text}</p>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" data-autofocus onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
