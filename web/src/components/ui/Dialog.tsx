import { useEffect, useId, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { useT } from '../../lib/i18n';

export interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Called when the user dismisses the dialog (Escape, close button). */
  onClose?: () => void;
  /** A dialog that must not be dismissed (Escape is ignored, no close button). */
  dismissible?: boolean;
  className?: string;
  /** Optional description element id inside children. */
  describedBy?: string;
  /** Show the × button (default: when dismissible). */
  closeButton?: boolean;
}

/**
 * A modal on the native <dialog> element: showModal() gives the focus trap,
 * Escape and an inert background without injecting any styles (strict CSP).
 */
export function Dialog({
  open,
  title,
  children,
  onClose,
  dismissible = true,
  className,
  describedBy,
  closeButton = dismissible,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useT();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal() focuses the first focusable element; [data-autofocus] picks another.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Keep a non-dismissible dialog open even when the browser closes it anyway
  // (Chrome lets a second Escape through its close watcher).
  const handleClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    // React passes a nested dialog's close event up the tree: only our own counts.
    if (event.target !== event.currentTarget) return;
    const dialog = ref.current;
    if (!open || !dialog) return;
    if (!dismissible) {
      dialog.showModal();
      return;
    }
    onClose?.();
  };

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        if (event.target === event.currentTarget && !dismissible) event.preventDefault();
      }}
      onClose={handleClose}
    >
      {open ? (
        <div className="dialog__frame">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {dismissible && closeButton ? (
              <button
                type="button"
                className="dialog__close"
                aria-label={t('common.close')}
                onClick={() => onClose?.()}
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </header>
          <div className="dialog__body">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

/** A dialog's body while its content (a chunk of its own) loads. */
export function DialogLoading() {
  const t = useT();
  return (
    <p className="dialog__loading" role="status">
      <span className="spinner spinner--small" aria-hidden="true" />
      {t('common.loading')}
    </p>
  );
}
