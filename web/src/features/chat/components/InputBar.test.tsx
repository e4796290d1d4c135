import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeRegion } from '../../../components/ui/NoticeRegion';
import { I18nProvider } from '../../../lib/i18n';
import { isPdf } from '../lib/attach-pdf';
import { InputBar, MAX_INPUT_HEIGHT, type InputBarProps } from './InputBar';

function Harness({ initial = '', ...props }: Partial<InputBarProps> & { onSend: (text: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLTextAreaElement | null>(null);
  return (
    <I18nProvider>
      <InputBar
        value={value}
        onChange={setValue}
        blockedBecause={null}
        firstMessage={false}
        hintBlockedBecause={null}
        onHint={() => undefined}
        pdf={null}
        pdfReading={false}
        onPdf={() => undefined}
        onRemovePdf={() => undefined}
        textareaRef={ref}
        voice={{ active: false, blockedBecause: null, onToggle: () => undefined }}
        {...props}
      />
    </I18nProvider>
  );
}

const textarea = () => screen.getByRole('textbox', { name: 'Deine Nachricht' });

describe('input bar', () => {
  it('sends trimmed text on Enter and keeps Shift+Enter as a new line', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    expect(textarea()).toHaveAccessibleDescription('Enter sendet, Umschalt+Enter für eine neue Zeile.');
    await user.type(textarea(), '  Erste Zeile{Shift>}{Enter}{/Shift}zweite  ');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Erste Zeile\nzweite');
  });

  it('ignores an empty message', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    await user.type(textarea(), '    {Enter}');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('is disabled with the reason as description and placeholder', () => {
    render(<Harness onSend={vi.fn()} blockedBecause="Auf Start drücken, um zu beginnen" />);
    expect(textarea()).toBeDisabled();
    expect(textarea()).toHaveAttribute('placeholder', 'Auf Start drücken, um zu beginnen');
    expect(textarea()).toHaveAccessibleDescription(/Auf Start drücken, um zu beginnen/);
    expect(screen.getByRole('button', { name: 'Senden' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'PDF anhängen' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('explains why the hint is unavailable', () => {
    render(<Harness onSend={vi.fn()} hintBlockedBecause="Nur im Übungsmodus verfügbar" />);
    const hint = screen.getByRole('button', { name: 'Tipp anzeigen' });
    expect(hint).toHaveAttribute('aria-disabled', 'true');
    expect(hint).toHaveAccessibleDescription('Nur im Übungsmodus verfügbar');
  });

  it('shows why voice, hint and PDF are unavailable as a notice when tapped (a tap shows no tooltip)', async () => {
    const user = userEvent.setup();
    const https = 'Bitte sichere Verbindung (HTTPS) nutzen, sonst ist der Sprachmodus deaktiviert.';
    const onToggle = vi.fn();
    const onHint = vi.fn();
    render(
      <I18nProvider>
        <Harness
          onSend={vi.fn()}
          blockedBecause="Auf Start drücken, um zu beginnen"
          hintBlockedBecause="Nur im Übungsmodus verfügbar"
          onHint={onHint}
          voice={{ active: false, blockedBecause: https, onToggle }}
        />
        <NoticeRegion />
      </I18nProvider>,
    );
    const voice = screen.getByRole('button', { name: 'Sprachmodus' });
    // focusable, described by the reason for screen readers
    expect(voice).not.toBeDisabled();
    expect(voice).toHaveAttribute('aria-disabled', 'true');
    expect(voice).toHaveAccessibleDescription(https);
    const notices = within(screen.getByRole('region', { name: 'Hinweise' }));
    expect(notices.queryByText(https)).not.toBeInTheDocument();
    await user.pointer({ keys: '[TouchA]', target: voice });
    expect(notices.getByText(https)).toBeVisible();
    expect(onToggle).not.toHaveBeenCalled();
    // a second tap does not stack a second notice
    await user.pointer({ keys: '[TouchA]', target: voice });
    expect(notices.getAllByText(https)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Tipp anzeigen' }));
    expect(notices.getByText('Nur im Übungsmodus verfügbar')).toBeInTheDocument();
    expect(onHint).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'PDF anhängen' }));
    expect(notices.getByText('Auf Start drücken, um zu beginnen')).toBeInTheDocument();
  });

  it('starts and ends a voice call with the toggle, and explains why it cannot start', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    const { rerender } = render(
      <Harness onSend={vi.fn()} voice={{ active: false, blockedBecause: null, onToggle }} />,
    );
    const voice = screen.getByRole('button', { name: 'Sprachmodus' });
    expect(voice).toHaveAttribute('aria-pressed', 'false');
    expect(voice).not.toHaveAttribute('aria-disabled');
    expect(voice).toHaveAccessibleDescription('Sprachmodus starten');
    await user.click(voice);
    expect(onToggle).toHaveBeenCalledTimes(1);

    rerender(<Harness onSend={vi.fn()} voice={{ active: true, blockedBecause: null, onToggle }} />);
    expect(voice).toHaveAttribute('aria-pressed', 'true');
    expect(voice).toHaveAccessibleDescription('Anruf beenden');
    await user.click(voice);
    expect(onToggle).toHaveBeenCalledTimes(2);

    const https = 'Bitte sichere Verbindung (HTTPS) nutzen, sonst ist der Sprachmodus deaktiviert.';
    rerender(<Harness onSend={vi.fn()} voice={{ active: false, blockedBecause: https, onToggle }} />);
    expect(voice).toHaveAttribute('aria-disabled', 'true');
    expect(voice).toHaveAccessibleDescription(https);
    await user.click(voice);
    expect(onToggle).toHaveBeenCalledTimes(2);
  });

  it('grows with the text up to 120px', async () => {
    const user = userEvent.setup();
    render(<Harness onSend={vi.fn()} />);
    const el = textarea();
    let content = 40;
    Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => content });
    await user.type(el, 'a');
    expect(el.style.height).toBe('40px');
    content = 400;
    await user.type(el, 'b');
    expect(el.style.height).toBe(`${MAX_INPUT_HEIGHT}px`);
    expect(el.style.overflowY).toBe('auto');
  });

  it('accepts application/pdf only', () => {
    expect(isPdf(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe(true);
    expect(isPdf(new File(['x'], 'a.pdf', { type: 'text/plain' }))).toBe(false);
    expect(isPdf(new File(['x'], 'bild.png', { type: 'image/png' }))).toBe(false);
    expect(isPdf(new File(['x'], 'ohne-typ.pdf'))).toBe(true);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

const MODEL =
  'Das verstehe ich. Zum Beispiel: [ein Kundenbeispiel mit einer Zahl]. Ein Beispiel dafür: [was ein Kunde erreicht hat]. Passt Donnerstag?';

describe('placeholders of the perfect answer', () => {
  const selected = () => {
    const el = textarea() as HTMLTextAreaElement;
    return el.value.slice(el.selectionStart, el.selectionEnd);
  };
  const bar = () => document.querySelector('.placeholder-bar__text');

  afterEach(() => vi.unstubAllGlobals());

  it('focuses the input and selects the first placeholder when asked to', () => {
    const { rerender } = render(<Harness onSend={vi.fn()} initial={MODEL} />);
    expect(textarea()).not.toHaveFocus();
    rerender(<Harness onSend={vi.fn()} initial={MODEL} selectFirstPlaceholder={1} />);
    expect(textarea()).toHaveFocus();
    expect(selected()).toBe('[ein Kundenbeispiel mit einer Zahl]');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Platzhalter 1 von 2: ersetze den markierten Text durch dein eigenes Beispiel. Alt+N markiert den nächsten.',
    );
    expect(textarea()).toHaveAccessibleDescription(/Platzhalter 1 von 2/);
  });

  it('selects the next placeholder with Alt+N and the button, wrapping after the last; Tab still leaves the input', async () => {
    const user = userEvent.setup();
    render(<Harness onSend={vi.fn()} initial={MODEL} selectFirstPlaceholder={1} />);
    await user.keyboard('{Alt>}n{/Alt}');
    expect(selected()).toBe('[was ein Kunde erreicht hat]');
    expect(textarea()).toHaveValue(MODEL);
    expect(bar()).toHaveTextContent(/^Platzhalter 2 von 2:/);
    await user.click(screen.getByRole('button', { name: 'Nächster Platzhalter' }));
    expect(textarea()).toHaveFocus();
    expect(selected()).toBe('[ein Kundenbeispiel mit einer Zahl]');
    expect(bar()).toHaveTextContent(/^Platzhalter 1 von 2:/);

    await user.tab();
    expect(textarea()).not.toHaveFocus();
  });

  it('counts down as the seller fills them in, and goes quiet when none is left', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Harness onSend={onSend} initial={MODEL} selectFirstPlaceholder={1} />);
    await user.keyboard('Ein Kunde spart 5 Stunden pro Woche');
    expect(bar()).toHaveTextContent('Offene Platzhalter: 1. Ersetze jeden durch dein eigenes Beispiel. Alt+N markiert den nächsten.');
    await user.keyboard('{Alt>}n{/Alt}');
    expect(selected()).toBe('[was ein Kunde erreicht hat]');
    await user.keyboard('12 statt 35 Minuten pro Angebot');
    expect(screen.queryByRole('button', { name: 'Nächster Platzhalter' })).not.toBeInTheDocument();
    // the live region stays in the page, empty
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(textarea()).not.toHaveAccessibleDescription(/Platzhalter/);
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith(
      'Das verstehe ich. Zum Beispiel: Ein Kunde spart 5 Stunden pro Woche. Ein Beispiel dafür: 12 statt 35 Minuten pro Angebot. Passt Donnerstag?',
    );
  });

  it('lets Alt+N through when there is no placeholder, and takes it when there is one', () => {
    render(<Harness onSend={vi.fn()} initial="Kein Platzhalter" selectFirstPlaceholder={1} />);
    expect(textarea()).toHaveFocus();
    expect((textarea() as HTMLTextAreaElement).selectionStart).toBe('Kein Platzhalter'.length);
    // fireEvent answers false when a handler called preventDefault()
    expect(fireEvent.keyDown(textarea(), { key: 'n', code: 'KeyN', altKey: true })).toBe(true);
    expect(screen.queryByRole('button', { name: 'Nächster Platzhalter' })).not.toBeInTheDocument();
    fireEvent.change(textarea(), { target: { value: 'Mit [Platzhalter]' } });
    expect(fireEvent.keyDown(textarea(), { key: 'n', code: 'KeyN', altKey: true })).toBe(false);
    // AltGr (Ctrl+Alt on Windows) and Cmd stay the keyboard's
    expect(fireEvent.keyDown(textarea(), { key: 'n', code: 'KeyN', altKey: true, ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(textarea(), { key: 'n', code: 'KeyN', altKey: true, metaKey: true })).toBe(true);
  });

  it('gives no keyboard advice on a touch screen', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('pointer: coarse'), media: query }));
    render(<Harness onSend={vi.fn()} initial={MODEL} selectFirstPlaceholder={1} />);
    // not even to screen readers: Enter and Shift+Enter are a keyboard's
    expect(textarea()).not.toHaveAccessibleDescription(/Enter/);
    expect(document.body).not.toHaveTextContent(/Enter|Umschalt|Alt\+/);
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Platzhalter 1 von 2: ersetze den markierten Text durch dein eigenes Beispiel\.$/,
    );
    expect(screen.getByRole('button', { name: 'Nächster Platzhalter' })).toBeInTheDocument();
  });

  it('says it in English for an English user', () => {
    window.localStorage.setItem('sc.lang', 'en');
    try {
      render(<Harness onSend={vi.fn()} initial={MODEL} selectFirstPlaceholder={1} />);
      expect(screen.getByRole('status')).toHaveTextContent(
        'Placeholder 1 of 2: replace the selected text with your own example. Alt+N selects the next one.',
      );
      expect(screen.getByRole('button', { name: 'Next placeholder' })).toBeInTheDocument();
    } finally {
      window.localStorage.removeItem('sc.lang');
    }
  });

  it('shows no placeholder bar while the input is disabled', () => {
    render(<Harness onSend={vi.fn()} initial={MODEL} blockedBecause="Dieser Chat ist abgeschlossen." />);
    expect(screen.queryByRole('button', { name: 'Nächster Platzhalter' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
