import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';
import { loadMessages, type CataloguePart } from './i18n';

/** The specification's time-out for loading a script chunk (spec 01 §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A script chunk failed twice (or timed out): after a deploy, only a reload helps. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk not loaded within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Loads a script chunk (a dynamic import), giving each attempt
 * CHUNK_TIMEOUT_MS; a failed or timed-out first attempt is retried once
 * (a network hiccup), a second failure is a ChunkLoadError, which the error
 * boundary answers with a reload offer (a deploy replaced the chunk).
 */
export async function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  try {
    return await withTimeout(load(), timeoutMs);
  } catch {
    try {
      return await withTimeout(load(), timeoutMs);
    } catch (error) {
      throw new ChunkLoadError('a script chunk could not be loaded', { cause: error });
    }
  }
}

/** A screen or panel loaded on first use (lazyChunk); `preload` starts its load early. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy
export type ChunkComponent<T extends ComponentType<any>> = ComponentType<ComponentProps<T>> & {
  /** Starts loading the chunk and its texts (once); resolves when both are in. */
  preload(): Promise<void>;
};

/**
 * React.lazy with loadChunk's retry and time-out. The screen renders once its
 * chunk and the parts of the text catalogue it names are both loaded (they
 * load in parallel).
 *
 * Once both are in, the component renders the chunk's component directly
 * instead of through React.lazy, so a chunk preloaded before it first renders
 * never suspends: a Suspense fallback that shows for an instant holds the
 * page back by React's 300 ms reveal throttle (the sign-in page painted
 * 300 ms after its session check, docs/performance.md, Lighthouse).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy
export function lazyChunk<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  messages: readonly CataloguePart[],
): ChunkComponent<T> {
  let loaded: T | null = null;
  let pending: Promise<{ default: T }> | null = null;
  const start = () => {
    // A failure stays: loadChunk has retried already, and the render that
    // follows a failed preload goes straight to the error boundary's reload offer.
    pending ??= Promise.all([loadChunk(load), loadChunk(() => loadMessages(messages))]).then(([chunk]) => {
      loaded = chunk.default;
      return chunk;
    });
    return pending;
  };
  const Lazy = lazy(start);
  // React.lazy's content never commits: React retries a suspended render
  // from its boundary, by which time `loaded` is set, so a screen is never
  // switched from one to the other (and remounted) once shown.
  function Chunk(props: ComponentProps<T>) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  Chunk.preload = () => start().then(() => undefined);
  return Chunk;
}

/**
 * A component of a chunk loaded when it first renders (a dialog, a panel the
 * first paint does not show): React.lazy with loadChunk's retry and time-out,
 * so a chunk that fails twice reaches the error boundary's reload offer.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy
export function lazyPart<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await loadChunk(load))[name] }));
}

/**
 * A loader of a chunk that brings parts of the text catalogue along: what it
 * resolves to renders with its texts there (for lazyPart, where the chunk
 * is another screen's part: the team's card on the dashboard).
 */
export function withMessages<M>(load: () => Promise<M>, parts: readonly CataloguePart[]): () => Promise<M> {
  return () => Promise.all([load(), loadMessages(parts)]).then(([m]) => m);
}

/**
 * True from the first render where `now` is true on: a lazily loaded dialog
 * stays mounted once shown, so it closes (and hands the focus back) rather
 * than vanishing.
 */
export function useShown(now: boolean): boolean {
  const [shown, setShown] = useState(now);
  if (now && !shown) setShown(true);
  return shown || now;
}
