/**
 * Runs `task` after the page's load event, once the browser is idle (at most
 * 5 s later): for work no first paint waits for (the vitals reporter, chunks
 * the user is likely to need next).
 */
export function afterLoadWhenIdle(task: () => void): void {
  if (typeof window === 'undefined') return;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 5_000 });
    else window.setTimeout(task, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
