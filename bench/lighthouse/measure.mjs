// Lighthouse performance and accessibility figures for the Sales Coach app.
//
// Starts the real server binary (`make build` output) on a free port with a
// fresh data folder, drives Debian's Chromium through chrome-launcher and runs
// Lighthouse (desktop preset and the default mobile preset) on /app/login and,
// after a guest sign-in in the same browser profile, on /app/chat. Prints a
// table and the failing audits, writes the raw reports to ./reports/.
//
// It is a measurement, not a test: the exit code is 0 whatever the scores
// (non-zero only when it could not measure at all, e.g. no server binary).
//
// Environment:
//   SALESCOACH_BIN  server binary (default ../../bin/salescoach)
//   CHROME_PATH     Chromium binary (default /usr/bin/chromium); never downloaded
//   PAGES           comma-separated subset of: login,chat (default both)
//   PRESETS         comma-separated subset of: desktop,mobile (default both)
//   RUNS            Lighthouse runs per page and preset; the median run by
//                   performance score is reported (default 1)

import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const binary = process.env.SALESCOACH_BIN ?? path.resolve(here, '../../bin/salescoach');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const reportsDir = path.join(here, 'reports');
const runs = Math.max(1, Number.parseInt(process.env.RUNS ?? '1', 10) || 1);

/** Targets: below them the run is flagged (never fails). */
const TARGETS = { performance: 90, accessibility: 95 };

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const ALL_PAGES = [
  { name: 'login', path: '/app/login', signIn: false },
  { name: 'chat', path: '/app/chat', signIn: true },
];
const ALL_PRESETS = [
  { name: 'desktop', config: desktopConfig },
  { name: 'mobile', config: undefined }, // Lighthouse's default: emulated mid-range phone, slow 4G, 4x CPU
];

function pick(all, envName) {
  const wanted = process.env[envName]?.split(',').map((s) => s.trim()).filter(Boolean);
  if (!wanted?.length) return all;
  const unknown = wanted.filter((w) => !all.some((x) => x.name === w));
  if (unknown.length) throw new Error(`${envName}: unknown ${unknown.join(', ')} (known: ${all.map((x) => x.name).join(', ')})`);
  return all.filter((x) => wanted.includes(x.name));
}

// ---- the server -------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForHealth(url, child, ms) {
  const deadline = Date.now() + ms;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was healthy`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastError = `status ${res.status}`;
    } catch (err) {
      lastError = String(err);
    }
    await sleep(100);
  }
  throw new Error(`server not healthy at ${url} after ${ms} ms: ${lastError}`);
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killTimer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts `salescoach serve` on a free port with a temp DATA_DIR; returns { baseURL, logFile, stop }. */
async function startServer(dataDir) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(binary, ['serve'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dataDir,
      DATA_DIR: path.join(dataDir, 'data'),
      ADDR: `127.0.0.1:${port}`,
      PUBLIC_URL: baseURL,
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const stop = async () => {
    await stopChild(child);
    await new Promise((resolve) => log.end(resolve));
  };
  try {
    await waitForHealth(`${baseURL}/healthz`, child, 30_000);
  } catch (err) {
    await stop();
    const tail = (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-20).join('\n');
    throw new Error(`${err.message}\n--- server log (last lines) ---\n${tail}`);
  }
  return { baseURL, logFile, stop };
}

// ---- the browser --------------------------------------------------------------

async function launchChrome(tmp) {
  if (!existsSync(chromePath)) {
    throw new Error(`Chromium not found at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
  }
  const userDataDir = await mkdtemp(path.join(tmp, 'chrome-'));
  return chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' });
}

async function connect(chrome) {
  return puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
}

/** Empties the HTTP cache (not cookies or storage), so a run with disableStorageReset still loads cold. */
async function clearHttpCache(chrome) {
  const browser = await connect(chrome);
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** Visible modal dialogs: [{ title, text }]. */
function openDialogs(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"]')]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const labelId = el.getAttribute('aria-labelledby');
        const title = (labelId && document.getElementById(labelId)?.textContent) || el.getAttribute('aria-label') || '';
        return { title: title.trim(), text: (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) };
      }),
  );
}

/** Clicks the first visible, enabled button (or link) whose accessible text matches `re`, inside `scope`. */
function clickButton(page, re, scope = 'body') {
  return page.evaluate(
    (source, flags, scopeSelector) => {
      const pattern = new RegExp(source, flags);
      const roots = [...document.querySelectorAll(scopeSelector)];
      for (const root of roots) {
        for (const el of root.querySelectorAll('button, a[href], [role="button"]')) {
          const name = (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim();
          if (!pattern.test(name) || el.disabled || el.getClientRects().length === 0) continue;
          el.click();
          return name;
        }
      }
      return null;
    },
    re.source,
    re.flags,
    scope,
  );
}

async function waitFor(what, fn, ms = 15_000) {
  const deadline = Date.now() + ms;
  let last;
  while (Date.now() < deadline) {
    last = await fn();
    if (last) return last;
    await sleep(100);
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

const DIALOG = 'dialog[open], [role="dialog"], [role="alertdialog"]';

/**
 * Signs in as a guest in this browser profile: /app/login → 'Ohne Konto
 * ausprobieren' → terms modal (tick, 'Speichern') → any further dialog closed.
 * The session survives in the refresh cookie and web storage.
 */
async function signInAsGuest(chrome, baseURL) {
  const browser = await connect(chrome);
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1280, height: 900 });
    // 'load', not 'networkidle0': the network may never go idle (see stalledRequests).
    await page.goto(`${baseURL}/app/login`, { waitUntil: 'load' });
    await waitFor("the 'Ohne Konto ausprobieren' button", () =>
      clickButton(page, /^(Ohne Konto ausprobieren|Try without an account)$/i),
    );

    // The terms gate: a modal that cannot be dismissed, only accepted.
    await waitFor('the terms modal after the guest sign-in', () =>
      page.evaluate((sel) => [...document.querySelectorAll(sel)].some((d) => d.querySelector('input[type="checkbox"]')), DIALOG),
    );
    await page.evaluate((sel) => {
      const box = [...document.querySelectorAll(sel)].map((d) => d.querySelector('input[type="checkbox"]')).find(Boolean);
      if (box && !box.checked) box.click();
    }, DIALOG);
    await waitFor("the terms modal's 'Speichern' button", () => clickButton(page, /^(Speichern|Save)$/i, DIALOG));
    await waitFor('the terms modal to close', async () =>
      !(await page.evaluate((sel) => [...document.querySelectorAll(sel)].some((d) => d.querySelector('input[type="checkbox"]')), DIALOG)),
    );

    // Give the guest a product and mark the tour seen, so that /app/chat is
    // measured as a user sees it every day, not with the profile dialog the
    // app forces open while there is no product description.
    const saved = await page.evaluate(async () => {
      const stored = localStorage.getItem('sc.session') || sessionStorage.getItem('sc.session');
      let token = stored ? JSON.parse(stored).access_token : null;
      if (!token) {
        const res = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
        if (!res.ok) return `refresh answered ${res.status}`;
        token = (await res.json()).access_token;
      }
      const res = await fetch('/api/me', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ product_description: 'CRM-Software für kleine Vertriebsteams, 49 € pro Nutzer und Monat.', has_seen_intro: true }),
      });
      return res.ok ? 'ok' : `PATCH /api/me answered ${res.status}`;
    });
    if (saved !== 'ok') throw new Error(`could not give the guest a product: ${saved}`);

    // Anything else the app asks first (a dialog, a tour, …): complete or close it.
    await page.goto(`${baseURL}/app/chat`, { waitUntil: 'load' });
    await waitFor('/app/chat to render (a <main> or a dialog, no full-page spinner)', () =>
      page.evaluate(
        (sel) => !document.querySelector('.full-page-status') && Boolean(document.querySelector(`main, ${sel}`)),
        DIALOG,
      ),
    );
    for (let i = 0; i < 5; i++) {
      await sleep(1000);
      const dialogs = await openDialogs(page);
      if (dialogs.length === 0) break;
      const clicked =
        (await clickButton(page, /^(Schließen|Close|Später|Later|Überspringen|Skip|Jetzt nicht|Not now|Verstanden|Got it|OK|Weiter|Continue)$/i, DIALOG)) ??
        (await page.keyboard.press('Escape'), null);
      console.log(`  sign-in: closed dialog "${dialogs[0].title || dialogs[0].text}"${clicked ? ` with '${clicked}'` : ' with Escape'}`);
    }
    await page.screenshot({ path: path.join(reportsDir, 'chat-signed-in.png') });
    const left = await openDialogs(page);
    if (left.length) {
      const shot = path.join(reportsDir, 'chat-signin-dialog.png');
      await page.screenshot({ path: shot });
      console.warn(`  sign-in: a dialog is still open on /app/chat ("${left[0].title || left[0].text}"); see ${shot}`);
    }
    const where = new URL(page.url()).pathname;
    if (where !== '/app/chat') console.warn(`  sign-in: /app/chat ended on ${where}`);
    const session = await page.evaluate(() => Boolean(localStorage.getItem('sc.session') || sessionStorage.getItem('sc.session')));
    console.log(`  sign-in: guest session ${session ? 'stored' : 'in the refresh cookie only'}, page ${where}`);
  } catch (err) {
    const shot = path.join(reportsDir, 'chat-signin-failure.png');
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`guest sign-in failed: ${err.message} (screenshot: ${shot})`);
  } finally {
    await page.close().catch(() => undefined);
    await browser.disconnect();
  }
}

// ---- Lighthouse -----------------------------------------------------------------

async function runLighthouse(chrome, url, preset, keepStorage) {
  if (keepStorage) await clearHttpCache(chrome);
  const flags = {
    port: chrome.port,
    output: ['json', 'html'],
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: keepStorage,
  };
  const result = await lighthouse(url, flags, preset.config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result;
}

const score = (lhr, cat) => (lhr.categories[cat]?.score == null ? null : Math.round(lhr.categories[cat].score * 100));
const ms = (lhr, id) => lhr.audits[id]?.numericValue ?? null;

function transferredJsKB(lhr) {
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  const script = items.find((i) => i.resourceType === 'script');
  return script ? script.transferSize / 1024 : null;
}

function summarise(page, preset, lhr) {
  return {
    page: page.path,
    preset: preset.name,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    fcpMs: ms(lhr, 'first-contentful-paint'),
    lcpMs: ms(lhr, 'largest-contentful-paint'),
    tbtMs: ms(lhr, 'total-blocking-time'),
    clsScore: ms(lhr, 'cumulative-layout-shift'),
    jsKB: transferredJsKB(lhr),
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings ?? [],
    stalled: stalledRequests(lhr),
  };
}

const failing = (a) => a && a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual', 'error'].includes(a.scoreDisplayMode);

/** Failing accessibility audits with their nodes' selectors. */
function accessibilityFindings(lhr) {
  return lhr.categories.accessibility.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => failing(audit))
    .sort((a, b) => b.ref.weight - a.ref.weight)
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit.title,
      weight: ref.weight,
      nodes: (audit.details?.items ?? [])
        .map((item) => item.node)
        .filter(Boolean)
        .map((node) => ({
          selector: node.selector,
          snippet: node.snippet,
          label: node.nodeLabel,
          explanation: node.explanation,
        })),
    }));
}

/** A details object's rows; a 'list' holds several tables. */
function detailItems(details) {
  if (!details) return [];
  if (details.type === 'list') return (details.items ?? []).flatMap((t) => t.items ?? []);
  return details.items ?? [];
}

/** Performance opportunities with savings and failing diagnostics, biggest first. */
function performanceFindings(lhr) {
  // The 'hidden' group holds the newer "insights" (duplicates of these) and raw data.
  const refs = lhr.categories.performance.auditRefs.filter((r) => r.group === 'diagnostics');
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && !['informative', 'notApplicable', 'manual', 'error'].includes(a.scoreDisplayMode))
    .map((a) => ({
      id: a.id,
      title: a.title,
      displayValue: a.displayValue ?? '',
      savingsMs: a.details?.overallSavingsMs ?? 0,
      savingsBytes: a.details?.overallSavingsBytes ?? 0,
      items: detailItems(a.details)
        .map(
          (i) =>
            i.url ??
            i.node?.selector ??
            i.source?.url ??
            (i.phase ? `${i.phase}: ${Math.round(i.timing)} ms (${i.percent})` : null) ??
            i.label ??
            i.groupLabel ??
            null,
        )
        .filter((x) => typeof x === 'string')
        .slice(0, 5),
    }))
    .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes)
    .slice(0, 8);
}

/**
 * Requests still open when Lighthouse stopped waiting. Lighthouse waits (up to
 * 45 s) until no high-priority request is in flight; a fetch whose response
 * body the page never reads stays "in flight" in Chromium for ever.
 */
function stalledRequests(lhr) {
  return (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((r) => r.finished === false && !['EventSource', 'WebSocket'].includes(r.resourceType))
    .map((r) => ({ url: r.url, status: r.statusCode, resourceType: r.resourceType, priority: r.priority }));
}

function medianByPerformance(results) {
  const sorted = [...results].sort((a, b) => (a.lhr.categories.performance.score ?? 0) - (b.lhr.categories.performance.score ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

// ---- output -------------------------------------------------------------------------

const fmtMs = (v) => (v == null ? '-' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
const fmtScore = (v, target) => (v == null ? '-' : v < target ? `${v} !` : String(v));

function printTable(rows) {
  const header = ['page', 'preset', 'perf', 'a11y', 'FCP', 'LCP', 'TBT', 'JS KB'];
  const body = rows.map((r) => [
    r.page,
    r.preset,
    fmtScore(r.performance, TARGETS.performance),
    fmtScore(r.accessibility, TARGETS.accessibility),
    fmtMs(r.fcpMs),
    fmtMs(r.lcpMs),
    fmtMs(r.tbtMs),
    r.jsKB == null ? '-' : r.jsKB.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of body) console.log(line(row));
  console.log(`('!' = below target: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}; JS KB = transferred script bytes)`);
}

function printFindings(row, a11y, perf) {
  const below = [];
  if (row.performance != null && row.performance < TARGETS.performance) below.push(`performance ${row.performance} < ${TARGETS.performance}`);
  if (row.accessibility != null && row.accessibility < TARGETS.accessibility) below.push(`accessibility ${row.accessibility} < ${TARGETS.accessibility}`);
  if (!below.length && !a11y.length && !perf.length && !row.runtimeError && !row.warnings.length && !row.stalled.length) return;
  console.log(`\n## ${row.page} (${row.preset})${below.length ? `  BELOW TARGET: ${below.join(', ')}` : ''}`);
  if (row.runtimeError) console.log(`  Lighthouse error: ${row.runtimeError}`);
  if (row.page === '/app/chat' && !row.finalUrl?.includes('/app/chat')) console.log(`  note: ended on ${row.finalUrl} (not signed in?)`);
  for (const w of row.warnings) console.log(`  Lighthouse warning: ${w}`);
  if (row.stalled.length) {
    console.log('  requests that never finished (Lighthouse waited for them until its 45 s limit; unread fetch body?):');
    for (const r of row.stalled) console.log(`      ${r.resourceType} ${r.url} (status ${r.status}, priority ${r.priority})`);
  }
  if (a11y.length) {
    console.log('  accessibility audits failing:');
    for (const a of a11y) {
      console.log(`  - ${a.id} (weight ${a.weight}): ${a.title}`);
      for (const n of a.nodes.slice(0, 10)) {
        const label = n.label?.replace(/\s+/g, ' ').trim().slice(0, 60);
        console.log(`      ${n.selector}${label ? `  "${label}"` : ''}`);
        if (n.explanation) console.log(`        ${n.explanation.split('\n').slice(0, 2).join(' / ').slice(0, 200)}`);
      }
      if (a.nodes.length > 10) console.log(`      … ${a.nodes.length - 10} more nodes`);
    }
  }
  if (perf.length) {
    console.log('  performance opportunities and diagnostics:');
    for (const p of perf) {
      const saving = [p.savingsMs ? `~${Math.round(p.savingsMs)} ms` : '', p.savingsBytes ? `~${Math.round(p.savingsBytes / 1024)} KB` : '']
        .filter(Boolean)
        .join(', ');
      console.log(`  - ${p.id}: ${p.title}${p.displayValue ? ` — ${p.displayValue}` : ''}${saving ? ` (saves ${saving})` : ''}`);
      for (const item of p.items) console.log(`      ${item}`);
    }
  }
}

// ---- main -------------------------------------------------------------------------------

async function main() {
  if (!existsSync(binary)) {
    console.error(`server binary not found at ${binary}: run \`make build\` in the repository root first (or set SALESCOACH_BIN)`);
    process.exit(1);
  }
  const pages = pick(ALL_PAGES, 'PAGES');
  const presets = pick(ALL_PRESETS, 'PRESETS');
  await mkdir(reportsDir, { recursive: true });
  const tmp = await mkdtemp(path.join(tmpdir(), 'salescoach-lighthouse-'));
  const server = await startServer(tmp);
  console.log(`server ${binary} at ${server.baseURL}; Chromium ${chromePath}; ${runs} run(s) per page and preset\n`);

  const rows = [];
  const findings = [];
  try {
    for (const page of pages) {
      // A fresh profile per page: /app/login is measured signed out, /app/chat signed in.
      const chrome = await launchChrome(tmp);
      try {
        if (page.signIn) await signInAsGuest(chrome, server.baseURL);
        for (const preset of presets) {
          const results = [];
          for (let i = 0; i < runs; i++) {
            process.stdout.write(`  lighthouse ${page.path} ${preset.name}${runs > 1 ? ` run ${i + 1}/${runs}` : ''} … `);
            const started = Date.now();
            let result = await runLighthouse(chrome, `${server.baseURL}${page.path}`, preset, page.signIn);
            // A failed trace (e.g. NO_NAVSTART) happens now and then: try twice more.
            for (let retry = 1; retry <= 2 && result.lhr.runtimeError; retry++) {
              process.stdout.write(`${result.lhr.runtimeError.code}, again … `);
              result = await runLighthouse(chrome, `${server.baseURL}${page.path}`, preset, page.signIn);
            }
            console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
            results.push(result);
          }
          const { lhr, report } = medianByPerformance(results);
          const base = path.join(reportsDir, `${page.name}-${preset.name}`);
          await writeFile(`${base}.report.json`, report[0]);
          await writeFile(`${base}.report.html`, report[1]);
          const row = summarise(page, preset, lhr);
          rows.push(row);
          findings.push({ row, a11y: accessibilityFindings(lhr), perf: performanceFindings(lhr) });
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await server.stop();
    await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
  }

  console.log('');
  printTable(rows);
  for (const f of findings) printFindings(f.row, f.a11y, f.perf);
  await writeFile(
    path.join(reportsDir, 'summary.json'),
    `${JSON.stringify({ date: new Date().toISOString(), targets: TARGETS, runs, results: findings.map((f) => ({ ...f.row, accessibilityFindings: f.a11y, performanceFindings: f.perf })) }, null, 2)}\n`,
  );
  console.log(`\nreports: ${path.relative(process.cwd(), reportsDir) || '.'}/<page>-<preset>.report.{json,html}, summary.json`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`\nmeasurement failed: ${err.stack ?? err}`);
    process.exit(1);
  },
);
