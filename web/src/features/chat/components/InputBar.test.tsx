import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { isPdf } from '../lib/attach-pdf';
import { InputBar, MAX_INPUT_HEIGHT, type InputBarProps } from './InputBar';

function Harness(props: Partial<InputBarProps> & { onSend: (text: string) => void }) {
  const [value, setValue] = useState('');
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

  it('explains why the hint is unavailable and offers voice only as a placeholder', () => {
    render(<Harness onSend={vi.fn()} hintBlockedBecause="Nur im Übungsmodus verfügbar" />);
    const hint = screen.getByRole('button', { name: 'Tipp anzeigen' });
    expect(hint).toHaveAttribute('aria-disabled', 'true');
    expect(hint).toHaveAccessibleDescription('Nur im Übungsmodus verfügbar');
    const voice = screen.getByRole('button', { name: 'Sprachmodus' });
    expect(voice).toHaveAttribute('aria-disabled', 'true');
    expect(voice).toHaveAccessibleDescription('Der Sprachmodus folgt in Kürze.');
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
