import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/errors/ErrorBoundary';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyChunk, loadChunk } from './chunks';
import { I18nProvider } from './i18n';

const chunk = { default: 'the module' };

describe('loadChunk', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads a chunk once when it loads', async () => {
    const load = vi.fn(() => Promise.resolve(chunk));
    await expect(loadChunk(load)).resolves.toBe(chunk);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries a failed chunk once', async () => {
    const load = vi.fn<() => Promise<typeof chunk>>();
    load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    load.mockResolvedValueOnce(chunk);
    await expect(loadChunk(load)).resolves.toBe(chunk);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second failure with a ChunkLoadError', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn(() => Promise.reject(failure));
    const result = loadChunk(load);
    await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(result).rejects.toHaveProperty('cause', failure);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('waits 120 s for each attempt, then retries once and gives up', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const load = vi.fn(() => new Promise<typeof chunk>(() => undefined));
    const result = loadChunk(load);
    const settled = vi.fn();
    result.then(settled, settled);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('a slow first attempt that makes it within 120 s is no failure', async () => {
    vi.useFakeTimers();
    const load = vi.fn(
      () => new Promise<typeof chunk>((resolve) => setTimeout(() => resolve(chunk), CHUNK_TIMEOUT_MS - 1)),
    );
    const result = loadChunk(load);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    await expect(result).resolves.toBe(chunk);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('lazyChunk', () => {
  it('shows the screen of a chunk that loads on the second try', async () => {
    let calls = 0;
    const Screen = lazyChunk(() => {
      calls += 1;
      if (calls === 1) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      return Promise.resolve({ default: () => <p>Geladen</p> });
    }, []);
    render(
      <I18nProvider>
        <ErrorBoundary>
          <Suspense fallback={<p>Lädt</p>}>
            <Screen />
          </Suspense>
        </ErrorBoundary>
      </I18nProvider>,
    );
    expect(await screen.findByText('Geladen')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('renders a preloaded chunk at once, without a fallback (no reveal throttle)', async () => {
    const load = vi.fn(() => Promise.resolve({ default: ({ name }: { name: string }) => <p>Hallo {name}</p> }));
    const Screen = lazyChunk(load, []);
    await Screen.preload();
    await Screen.preload(); // once
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <I18nProvider>
        <Suspense fallback={<p>Lädt</p>}>
          <Screen name="Ada" />
        </Suspense>
      </I18nProvider>,
    );
    // in the first commit, synchronously: React.lazy would show 'Lädt' first
    expect(screen.getByText('Hallo Ada')).toBeInTheDocument();
    expect(screen.queryByText('Lädt')).toBeNull();
  });

  it('a screen first shown through React.lazy keeps its state when it renders again once loaded', async () => {
    function Counter({ label }: { label: string }) {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount((c) => c + 1)}>
          {label} {count}
        </button>
      );
    }
    const Screen = lazyChunk(() => Promise.resolve({ default: Counter }), []);
    const view = render(
      <I18nProvider>
        <Suspense fallback={<p>Lädt</p>}>
          <Screen label="Zähler" />
        </Suspense>
      </I18nProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Zähler 0' }));
    expect(screen.getByRole('button', { name: 'Zähler 1' })).toBeInTheDocument();
    view.rerender(
      <I18nProvider>
        <Suspense fallback={<p>Lädt</p>}>
          <Screen label="Klicks" />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByRole('button', { name: 'Klicks 1' })).toBeInTheDocument();
  });

  it('a failed preload reaches the reload offer when the screen renders, without loading again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const Screen = lazyChunk(load, []);
    await expect(Screen.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    render(
      <I18nProvider>
        <ErrorBoundary>
          <Suspense fallback={<p>Lädt</p>}>
            <Screen />
          </Suspense>
        </ErrorBoundary>
      </I18nProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2); // the preload's two attempts
  });

  it('offers a reload when the chunk fails twice (a deploy replaced it)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazyChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), []);
    render(
      <I18nProvider>
        <ErrorBoundary>
          <Suspense fallback={<p>Lädt</p>}>
            <Screen />
          </Suspense>
        </ErrorBoundary>
      </I18nProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ein Teil der App konnte nicht geladen werden – vielleicht gibt es eine neue Version. Bitte lade die Seite neu.',
    );
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
  });
});
