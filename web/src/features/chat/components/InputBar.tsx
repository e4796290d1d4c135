import { Suspense, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Dialog, DialogLoading } from '../../../components/ui/Dialog';
import { LightbulbIcon, MicIcon, PaperclipIcon, SendIcon } from '../../../components/ui/icons/app';
import { getNotices, notify } from '../../../components/ui/notices-store';
import { WithTooltip } from '../../../components/ui/Tooltip';
import { lazyPart } from '../../../lib/chunks';
import { useT } from '../../../lib/i18n';
import { touchOnly } from '../../../lib/pointer';
import type { PdfAttachment } from '../lib/attach-pdf';
import { hasMarkdown } from '../lib/has-markdown';
import { findPlaceholders, nextPlaceholder, selectedPlaceholder, type PlaceholderRange } from '../lib/placeholders';

// The renderer loads with the transcript, or here when a preview opens first.
const Markdown = lazyPart(() => import('../lib/markdown'), 'Markdown');

/** The textarea grows with its text up to this height (px). */
export const MAX_INPUT_HEIGHT = 120;

export interface InputBarProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed, non-empty text. */
  onSend: (text: string) => void;
  /** Why the input is disabled (the tooltip), or null when it is enabled. */
  blockedBecause: string | null;
  /** No conversation yet: the first message starts it. */
  firstMessage: boolean;
  /** Why the hint is unavailable, or null when it is. */
  hintBlockedBecause: string | null;
  onHint: () => void;
  pdf: PdfAttachment | null;
  pdfReading: boolean;
  onPdf: (file: File) => void;
  onRemovePdf: () => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** The voice-call toggle: whether a call runs, why none can start (or null), and the toggle. */
  voice: { active: boolean; blockedBecause: string | null; onToggle: () => void };
  /**
   * Each new value focuses the input and selects its first placeholder (the
   * caret goes to the end when there is none): the perfect answer was put in.
   */
  selectFirstPlaceholder?: number;
}

/** Alt+N (without Ctrl, which AltGr adds on Windows, or Cmd) selects the next placeholder. */
function isNextPlaceholderKey(event: KeyboardEvent<HTMLTextAreaElement>) {
  return (
    event.altKey &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.shiftKey &&
    (event.code === 'KeyN' || event.key.toLowerCase() === 'n')
  );
}

/**
 * Scrolls the textarea so the line where `index` sits is at the top of its
 * view, unless it is in view already (the browser shows only the selection's
 * end, which leaves the start of a placeholder cut off above). The line's
 * place is measured on a hidden copy holding the text up to `index`.
 */
function revealLine(el: HTMLTextAreaElement, index: number) {
  if (el.scrollHeight <= el.clientHeight || !el.parentNode) return;
  const probe = el.cloneNode() as HTMLTextAreaElement;
  probe.removeAttribute('id');
  probe.value = el.value.slice(0, index);
  probe.style.cssText = `position:absolute;visibility:hidden;height:0;width:${el.offsetWidth}px`;
  el.parentNode.appendChild(probe);
  const style = getComputedStyle(el);
  const line = parseFloat(style.lineHeight) || 24;
  const top = probe.scrollHeight - parseFloat(style.paddingBottom) - line;
  probe.remove();
  if (top < el.scrollTop || top + line > el.scrollTop + el.clientHeight) {
    el.scrollTop = Math.max(0, top - parseFloat(style.paddingTop));
  }
}

/**
 * Why a tool cannot be used, as a notice: a tap shows no tooltip (screen
 * readers have it already, the button is described by it).
 */
function explain(why: string | null) {
  if (why && !getNotices().some((n) => n.text === why)) notify({ tone: 'info', text: why }, 4000);
}

/** Sets the textarea's height to its content, at most MAX_INPUT_HEIGHT (CSSOM, allowed by the CSP). */
function fit(el: HTMLTextAreaElement | null) {
  if (!el) return;
  el.style.height = 'auto';
  const height = Math.min(el.scrollHeight, MAX_INPUT_HEIGHT);
  if (height > 0) el.style.height = `${height}px`;
  el.style.overflowY = el.scrollHeight > MAX_INPUT_HEIGHT ? 'auto' : 'hidden';
}

/**
 * The input bar: textarea (Enter sends, Shift+Enter new line), hint, PDF,
 * send and the voice-call toggle. Text with Markdown is shown in a preview
 * ('Bearbeiten' / 'Senden') before it goes out.
 */
export function InputBar({
  value,
  onChange,
  onSend,
  blockedBecause,
  firstMessage,
  hintBlockedBecause,
  onHint,
  pdf,
  pdfReading,
  onPdf,
  onRemovePdf,
  textareaRef,
  voice,
  selectFirstPlaceholder,
}: InputBarProps) {
  const t = useT();
  const inner = textareaRef;
  const file = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const keysId = useId();
  const inputId = useId();
  const placeholderId = useId();
  const placeholders = useMemo(() => findPlaceholders(value), [value]);
  // The textarea's selection, kept so the placeholder bar can say which one is selected.
  const [selection, setSelection] = useState<PlaceholderRange>({ start: 0, end: 0 });
  // A touch screen without mouse or trackpad gets no keyboard advice.
  const [keyboardAdvice] = useState(() => !touchOnly());
  const disabled = blockedBecause !== null;
  const trimmed = value.trim();
  const sendBlocked = disabled ? blockedBecause : trimmed === '' || pdfReading ? '' : null;

  useEffect(() => fit(inner.current), [inner, value]);

  const syncSelection = () => {
    const el = inner.current;
    if (!el) return;
    setSelection((current) =>
      current.start === el.selectionStart && current.end === el.selectionEnd
        ? current
        : { start: el.selectionStart, end: el.selectionEnd },
    );
  };

  const selectRange = (range: PlaceholderRange) => {
    const el = inner.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(range.start, range.end);
    revealLine(el, range.start);
    setSelection(range);
  };

  const selectNextPlaceholder = () => {
    const el = inner.current;
    if (!el) return;
    const next = nextPlaceholder(el.value, el.selectionStart, el.selectionEnd);
    if (next) selectRange(next);
  };

  // The perfect answer arrived: select its first placeholder (after the value is in the textarea).
  useLayoutEffect(() => {
    if (!selectFirstPlaceholder) return;
    const el = inner.current;
    if (!el) return;
    const first = findPlaceholders(el.value)[0];
    selectRange(first ?? { start: el.value.length, end: el.value.length });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each request selects once
  }, [selectFirstPlaceholder]);

  const placeholderShown = !disabled && placeholders.length > 0;
  const current = selectedPlaceholder(placeholders, selection.start, selection.end);
  const placeholderText = placeholderShown
    ? [
        current >= 0
          ? t('chat.placeholders.current', { n: current + 1, m: placeholders.length })
          : t('chat.placeholders.open', { m: placeholders.length }),
        keyboardAdvice ? t('chat.placeholders.keys') : '',
      ]
        .filter(Boolean)
        .join(' ')
    : '';

  const submit = () => {
    if (sendBlocked !== null) return;
    if (hasMarkdown(trimmed)) {
      setPreview(trimmed);
      return;
    }
    onSend(trimmed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (placeholders.length > 0 && isNextPlaceholderKey(event)) {
      event.preventDefault();
      selectNextPlaceholder();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <div className="input-bar">
      {pdf || pdfReading ? (
        <div className="input-bar__attachment" role="status">
          <span className="attachment">
            <PaperclipIcon width={16} height={16} />
            {pdfReading ? (
              <span>{t('chat.attach.reading')}</span>
            ) : pdf ? (
              <>
                <span className="attachment__name">{pdf.name}</span>
                <span className="attachment__hint">{t('chat.attach.ready')}</span>
                <button
                  type="button"
                  className="attachment__remove"
                  aria-label={t('chat.attach.remove', { name: pdf.name })}
                  onClick={onRemovePdf}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </>
            ) : null}
          </span>
        </div>
      ) : null}
      {/* Always in the page, so screen readers announce its text when a placeholder appears or is selected. */}
      <div className={placeholderShown ? 'placeholder-bar' : 'placeholder-bar placeholder-bar--empty'}>
        <p id={placeholderId} className="placeholder-bar__text" role="status">
          {placeholderText}
        </p>
        {placeholderShown ? (
          <button
            type="button"
            className="button button--secondary button--small placeholder-bar__next"
            // keep the selection in the textarea while the pointer presses
            onMouseDown={(event) => event.preventDefault()}
            onClick={selectNextPlaceholder}
          >
            {t('chat.placeholders.next')}
          </button>
        ) : null}
      </div>
      <form
        className="input-bar__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <WithTooltip tip={blockedBecause} placement="above" align="start" className="input-bar__field">
          {(describedBy) => (
            <>
              <label htmlFor={inputId} className="visually-hidden">
                {t('chat.input.label')}
              </label>
              <textarea
                ref={inner}
                id={inputId}
                className="input-bar__textarea"
                rows={1}
                value={value}
                disabled={disabled}
                placeholder={
                  blockedBecause ?? (firstMessage ? t('chat.input.placeholderFirst') : t('chat.input.placeholder'))
                }
                aria-describedby={
                  [describedBy, keyboardAdvice ? keysId : null, placeholderShown ? placeholderId : null].filter(Boolean).join(' ') ||
                  undefined
                }
                maxLength={4000}
                onChange={(e) => {
                  onChange(e.currentTarget.value);
                  syncSelection();
                }}
                onKeyDown={onKeyDown}
                onSelect={syncSelection}
                onKeyUp={syncSelection}
                onClick={syncSelection}
              />
              {keyboardAdvice ? (
                <span id={keysId} className="visually-hidden">
                  {t('chat.input.keys')}
                </span>
              ) : null}
            </>
          )}
        </WithTooltip>

        <div className="input-bar__tools">
          <WithTooltip tip={hintBlockedBecause ?? t('chat.hint')} placement="above" align="end">
            {(describedBy) => (
              <button
                type="button"
                className="icon-button"
                data-tour="hint"
                aria-label={t('chat.hint')}
                aria-disabled={hintBlockedBecause !== null ? 'true' : undefined}
                aria-describedby={hintBlockedBecause !== null ? describedBy : undefined}
                onClick={() => {
                  if (hintBlockedBecause === null) onHint();
                  else explain(hintBlockedBecause);
                }}
              >
                <LightbulbIcon />
              </button>
            )}
          </WithTooltip>

          <WithTooltip tip={blockedBecause ?? t('chat.attach')} placement="above" align="end">
            {(describedBy) => (
              <button
                type="button"
                className="icon-button"
                aria-label={t('chat.attach')}
                aria-disabled={disabled || pdfReading ? 'true' : undefined}
                aria-describedby={disabled ? describedBy : undefined}
                onClick={() => {
                  if (!disabled && !pdfReading) file.current?.click();
                  else explain(blockedBecause);
                }}
              >
                <PaperclipIcon />
              </button>
            )}
          </WithTooltip>
          <input
            ref={file}
            type="file"
            accept="application/pdf"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="pdf-input"
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (chosen) onPdf(chosen);
            }}
          />

          <WithTooltip
            tip={voice.active ? t('chat.voice.end') : (voice.blockedBecause ?? t('chat.voice.start'))}
            placement="above"
            align="end"
          >
            {(describedBy) => {
              const blocked = !voice.active && voice.blockedBecause !== null;
              return (
                <button
                  type="button"
                  className={voice.active ? 'icon-button icon-button--active' : 'icon-button'}
                  aria-label={t('chat.voice')}
                  aria-pressed={voice.active}
                  aria-disabled={blocked ? 'true' : undefined}
                  aria-describedby={describedBy}
                  onClick={() => {
                    if (!blocked) voice.onToggle();
                    else explain(voice.blockedBecause);
                  }}
                >
                  <MicIcon />
                </button>
              );
            }}
          </WithTooltip>

          <WithTooltip tip={sendBlocked || t('chat.send')} placement="above" align="end">
            {(describedBy) => (
              <button
                type="submit"
                className="icon-button icon-button--primary"
                aria-label={t('chat.send')}
                aria-disabled={sendBlocked !== null ? 'true' : undefined}
                aria-describedby={sendBlocked ? describedBy : undefined}
              >
                <SendIcon />
              </button>
            )}
          </WithTooltip>
        </div>
      </form>

      <Dialog
        open={preview !== null}
        title={t('chat.preview.title')}
        className="preview-dialog"
        onClose={() => setPreview(null)}
      >
        <div className="stack">
          <div className="preview-dialog__body">
            {preview !== null ? (
              <Suspense fallback={<DialogLoading />}>
                <Markdown text={preview} />
              </Suspense>
            ) : null}
          </div>
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setPreview(null);
                requestAnimationFrame(() => inner.current?.focus());
              }}
            >
              {t('chat.preview.edit')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                const text = preview;
                setPreview(null);
                if (text) onSend(text);
              }}
            >
              {t('chat.preview.send')}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
