import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from '../components/ui/RelativeTime';
import { I18nProvider, translate, type Language } from './i18n';
import { LANGUAGE_STORAGE_KEY } from './i18n/i18n';
import { NOW_TICK_MS, formatAbsolute, formatRelative } from './relative-time';

const NOW = Date.parse('2025-06-03T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

const inLang = (lang: Language) => (value: string) =>
  formatRelative((key, vars) => translate(lang, key, vars), value, NOW);

describe('formatRelative', () => {
  const de = inLang('de');
  const en = inLang('en');

  it("says 'gerade eben' under 60 seconds, and for a time a little ahead of the clock", () => {
    expect(de(ago(0))).toBe('gerade eben');
    expect(de(ago(59 * S))).toBe('gerade eben');
    expect(de(ago(-5 * S))).toBe('gerade eben');
    expect(en(ago(30 * S))).toBe('just now');
  });

  it('counts whole minutes under an hour, hours under a day, days beyond', () => {
    expect(de(ago(60 * S))).toBe('vor 1 Minute');
    expect(de(ago(2 * MIN + 59 * S))).toBe('vor 2 Minuten');
    expect(de(ago(59 * MIN + 59 * S))).toBe('vor 59 Minuten');
    expect(de(ago(H))).toBe('vor 1 Stunde');
    expect(de(ago(5 * H + 30 * MIN))).toBe('vor 5 Stunden');
    expect(de(ago(D - S))).toBe('vor 23 Stunden');
    expect(de(ago(D))).toBe('vor 1 Tag');
    expect(de(ago(3 * D + 23 * H))).toBe('vor 3 Tagen');
    expect(de(ago(400 * D))).toBe('vor 400 Tagen');
  });

  it('speaks English with its plural forms', () => {
    expect(en(ago(MIN))).toBe('1 minute ago');
    expect(en(ago(7 * MIN))).toBe('7 minutes ago');
    expect(en(ago(H))).toBe('1 hour ago');
    expect(en(ago(2 * H))).toBe('2 hours ago');
    expect(en(ago(D))).toBe('1 day ago');
    expect(en(ago(12 * D))).toBe('12 days ago');
  });

  it('gives nothing for a time that is not one', () => {
    expect(de('not a time')).toBe('');
  });
});

describe('formatAbsolute', () => {
  it('writes date and time in the UI language', () => {
    const value = '2025-06-03T10:05:00Z';
    const time = new Date(value);
    expect(formatAbsolute('de', value)).toBe(
      new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(time),
    );
    expect(formatAbsolute('de', value)).toMatch(/^03\.06\.2025, \d\d:05$/);
    expect(formatAbsolute('en', value)).toMatch(/^3 Jun 2025, \d\d:05$/);
    expect(formatAbsolute('en', 'nope')).toBe('');
  });
});

describe('<RelativeTime>', () => {
  afterEach(() => {
    vi.useRealTimers();
    window.localStorage.clear();
  });

  it('shows the relative time, keeps the exact one in dateTime and on hover, and moves on', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const value = ago(30 * S);
    render(
      <I18nProvider>
        <RelativeTime value={value} />
      </I18nProvider>,
    );
    const time = screen.getByText('gerade eben');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', value);
    expect(time).toHaveAttribute('title', formatAbsolute('de', value));

    act(() => {
      vi.advanceTimersByTime(NOW_TICK_MS);
    });
    expect(time).toHaveTextContent('vor 1 Minute');
    act(() => {
      vi.advanceTimersByTime(H);
    });
    expect(time).toHaveTextContent('vor 1 Stunde');
  });

  it('takes a given absolute time for the hover, in English too', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    render(
      <I18nProvider>
        <RelativeTime value={ago(3 * D)} absolute="31.5.2025, 12:00:00" />
      </I18nProvider>,
    );
    expect(screen.getByText('3 days ago')).toHaveAttribute('title', '31.5.2025, 12:00:00');
  });
});
