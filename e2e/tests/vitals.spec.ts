import type { APIRequestContext } from '@playwright/test';
import { auditAdminPage, AUDIT_ADMIN, ensureAuditAdmin } from './audit-admin';
import { PASSWORD } from './chat-support';
import { appURL, baseURL, expect, test } from './support';

/** GET /api/admin/web-vitals of the last 7 days, as the shared admin. */
async function webVitals(request: APIRequestContext, token: string) {
  const res = await request.get(`${baseURL()}/api/admin/web-vitals?range=7`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as {
    pages: { page: string; metrics: Partial<Record<'LCP' | 'INP' | 'CLS', { p75: number; samples: number; rating: string }>> }[];
  };
}

/** The samples of one vital of one page (0 without any). */
async function samples(request: APIRequestContext, token: string, page: string, vital: 'LCP' | 'INP' | 'CLS') {
  const body = await webVitals(request, token);
  return body.pages.find((p) => p.page === page)?.metrics[vital]?.samples ?? 0;
}

test("a real page load's web vitals reach the admin's analytics table", async ({ page, request, browser }) => {
  await ensureAuditAdmin(request);
  const login = await request.post(`${baseURL()}/api/auth/login`, { data: { email: AUDIT_ADMIN, password: PASSWORD, remember: false } });
  expect(login.ok(), await login.text()).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  // The help page, signed out: a page the other tests hardly load, and
  // what was there before this test is the baseline.
  const before = {
    LCP: await samples(request, token, '/help', 'LCP'),
    INP: await samples(request, token, '/help', 'INP'),
    CLS: await samples(request, token, '/help', 'CLS'),
  };

  await page.goto(appURL('/help?from=e2e#top'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The reporter loads after the page's load event, when the browser is idle.
  await page.waitForFunction(() => performance.getEntriesByName('salescoach:web-vitals', 'mark').length > 0);
  // A click ends the LCP and is the interaction INP measures. web-vitals
  // only observes interactions of 40 ms or more (its durationThreshold), and
  // a click on a heading is quicker than that on a fast machine: the page
  // gets a handler that keeps the main thread busy for 80 ms, so there is
  // always one to measure.
  await page.getByRole('heading', { level: 1 }).evaluate((h1) =>
    h1.addEventListener('click', () => {
      const end = performance.now() + 80;
      while (performance.now() < end) {
        // a slow click handler, as a heavy page has
      }
    }),
  );
  // The browser files the click's event timing entry only after the next
  // frame is presented; leaving before that (a loaded machine) leaves INP
  // with nothing to report. Wait until the browser has measured it, as
  // web-vitals' own observer will see it.
  const measured = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const po = new PerformanceObserver((list) => {
          if (list.getEntries().some((e) => e.name === 'click' && e.duration >= 40)) {
            po.disconnect();
            resolve();
          }
        });
        po.observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
      }),
  );
  await page.getByRole('heading', { level: 1 }).click();
  await measured;
  // web-vitals files the interaction in an idle callback it queued when its
  // observer (registered before ours) saw the entry; a page hidden before
  // that callback ran reports no INP (its 'hidden' report comes first). An
  // idle callback queued now runs after web-vitals' one.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  // Leaving hides the page: the browser sends what it measured (keepalive,
  // so the request outlives the page) under the route pattern, without the
  // query and the fragment. The server has them when the samples grow
  // (polled, no fixed wait).
  await page.goto('about:blank');
  for (const vital of ['LCP', 'INP', 'CLS'] as const) {
    await expect
      .poll(() => samples(request, token, '/help', vital), { message: `${vital} samples of /help` })
      .toBeGreaterThan(before[vital]);
  }

  // The admin sees the page in the analytics table: a value, its rating in words and the samples.
  const admin = await auditAdminPage(browser, request);
  await admin.goto(appURL('/analytics'));
  const table = admin.getByRole('table', { name: 'Web Vitals je Seite (75. Perzentil)' });
  const row = table.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: '/help', exact: true }) });
  await expect(row).toHaveCount(1);
  const lcp = row.getByRole('cell').nth(0);
  await expect(lcp).toContainText(/^\d+(,\d+)? s/);
  await expect(lcp).toContainText(/Gut|Verbesserungswürdig|Schlecht/);
  await expect(lcp).toContainText(/\d+ Messung(en)?$/);
  await expect(row.getByRole('cell').nth(2)).toContainText(/Gut|Verbesserungswürdig|Schlecht/);
  await admin.context().close();
});

test('the first page paints its status before its stylesheet and scripts, and the app never renders unstyled', async ({ page }) => {
  // Hold the page's stylesheet: the status (styled by index.html's own
  // rules, admitted by the CSP's hash) must paint without it, and the
  // scripts, which run only once the stylesheet at the end of the body is
  // in, must wait.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/app\/assets\/index-[\w-]+\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(appURL('/login'), { waitUntil: 'commit' });
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1);
  expect(await page.evaluate(() => document.readyState)).toBe('loading');
  const spinner = page.locator('#root > .full-page-status[aria-hidden="true"] .spinner');
  expect(await spinner.evaluate((el) => getComputedStyle(el).width)).toBe('32px');
  release();
  await expect(page.getByRole('button', { name: 'Ohne Konto ausprobieren' })).toBeVisible();
});
