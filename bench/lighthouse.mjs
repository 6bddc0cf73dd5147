// Lighthouse (mobile, default simulated throttling) for every screen of the sign-in, with
// Debian's Chromium. Screens behind a flow need that flow's cookies, and several are single-use
// per flow step, so each screen gets a fresh flow: Playwright walks it (JavaScript off) in the
// browser's default profile, and Lighthouse then opens its own tab in that same browser (through
// the DevTools port), where the cookies already are. Lighthouse leaves cookies alone (it clears
// only caches, service workers and file systems before loading).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { freePort } from '../scripts/processes.mjs';
import { requireBenchChromium } from './browser.mjs';
import { SCREENS, STATIC_SCREENS, streamedUrl, walkFlow } from './walk.mjs';

const CHROMIUM = requireBenchChromium();
// The last five keep Chromium from calling out (this network refuses it, and it adds noise).
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
// Lighthouse's own advice is the median of several runs: simulated throttling scales the CPU
// time it observed, and this machine is shared.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** What each screen's address answers; Lighthouse refuses non-2xx pages unless told to expect them. */
const STATUS = { 'not found': 404 };
/**
 * With JavaScript these two move on by themselves as soon as they hydrate (a POST), so
 * Lighthouse would end on the screen after them, or lose the trace in the move. Their POST is
 * held unanswered while Lighthouse runs: it audits the screen as a person sees it as it moves on.
 */
export const MOVES_ON = {
  continue: 'submits itself to the provider, which answers with the next screen',
  'MFA start': 'starts its only option at once (the code page follows)',
};

async function launch() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const child = spawn(CHROMIUM, [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  for (
    let i = 0;
    !(await fetch(`${endpoint}/json/version`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i === 100 || child.exitCode !== null) throw new Error('Chromium did not open its DevTools port');
    await new Promise((r) => setTimeout(r, 100));
  }
  const close = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
    rmSync(profile, { recursive: true, force: true });
  };
  return { port, endpoint, close };
}

/** The address of `screen` in a fresh flow, walked in the default profile (whose cookies Lighthouse sees). */
async function reach(context, appUrl, standinUrl, screen, n) {
  if (STATIC_SCREENS[screen]) return new URL(STATIC_SCREENS[screen], appUrl).href;
  await context.clearCookies();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  let found;
  await walkFlow(page, appUrl, standinUrl, `groupfirst.mfa+lighthouse${n}@example.com`, (name, url) => {
    if (name !== screen) return true;
    found = streamedUrl(url);
    return false;
  });
  await page.close();
  return found;
}

const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const text = (html, tag) =>
  html
    .match(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`))?.[1]
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e])
    .trim();

/** Audits of `category` that count towards its score and did not pass. */
function failing(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
    .map((ref) => ref.id);
}

function summarise(screen, url, { lhr, artifacts }) {
  const main = artifacts.MainDocumentContent ?? '';
  const final = new URL(lhr.finalDisplayedUrl);
  const wanted = new URL(url);
  const metric = (id) => lhr.audits[id].numericValue;
  const status = lhr.audits['network-requests'].details?.items.find((item) => item.url === url)?.statusCode;
  return {
    url: wanted.pathname + wanted.search,
    status,
    finalUrl: final.pathname + final.search,
    // Lighthouse audited the intended screen, not a redirect (to an error page, say).
    reached: final.href === wanted.href && status === (STATUS[screen] ?? 200) && !lhr.runtimeError,
    runtimeError: lhr.runtimeError?.message,
    title: text(main, 'title'),
    h1: text(main, 'h1'),
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c].score])),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    bytesKb: metric('total-byte-weight') / 1024,
    failing: { accessibility: failing(lhr, 'accessibility'), 'best-practices': failing(lhr, 'best-practices'), performance: failing(lhr, 'performance') },
    warnings: lhr.runWarnings,
  };
}

/**
 * Runs `run` while no tab opened meanwhile (Lighthouse opens its own) gets an answer to a POST,
 * so a screen that moves on by itself stays on screen as it is at that moment.
 * Chromium intercepts from the moment the tab appears, well before Lighthouse has set up and
 * navigates; the final-URL check catches a run where a POST got through anyway.
 */
async function holdingPosts(context, run) {
  const hold = async (page) => {
    const cdp = await context.newCDPSession(page);
    cdp.on('Fetch.requestPaused', ({ requestId, request, resourceType }) => {
      // A form POST (a navigation) answered 204 leaves the page where it is; a held one would
      // leave the tab loading. A script's POST (a server action) just stays pending.
      if (request.method !== 'POST') cdp.send('Fetch.continueRequest', { requestId }).catch(() => {});
      else if (resourceType === 'Document') cdp.send('Fetch.fulfillRequest', { requestId, responseCode: 204 }).catch(() => {});
    });
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
  };
  const onPage = (page) => hold(page).catch(() => {});
  context.on('page', onPage);
  try {
    return await run();
  } finally {
    context.off('page', onPage);
  }
}

/** Lighthouse for each of `screens` (all of SCREENS by default); results keyed by screen name. */
export async function lighthouseScreens(appUrl, standinUrl, { screens = SCREENS, log = () => {} } = {}) {
  const chrome = await launch();
  const browser = await chromium.connectOverCDP(chrome.endpoint);
  const results = {};
  let flows = 0;
  try {
    const [context] = browser.contexts();
    for (const screen of screens) {
      // Each run on a fresh flow; a run that could not trace the load or missed the screen is
      // tried again (two extra tries per screen). The median run by performance score is kept.
      const runs = [];
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt++) {
        const url = await reach(context, appUrl, standinUrl, screen, flows++);
        const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, ignoreStatusCode: screen in STATUS };
        const run = () => lighthouse(url, flags);
        const result = summarise(screen, url, screen in MOVES_ON ? await holdingPosts(context, run) : await run());
        if (result.reached) runs.push(result);
        else results[screen] = result;
      }
      if (runs.length > 0) {
        runs.sort((a, b) => a.scores.performance - b.scores.performance);
        results[screen] = { ...runs[Math.floor((runs.length - 1) / 2)], performanceRuns: runs.map((r) => r.scores.performance) };
      }
      const r = results[screen];
      log(
        `lighthouse ${screen}: ${r.finalUrl.split('?')[0]} "${r.h1}" perf ${r.scores.performance} a11y ${r.scores.accessibility} bp ${r.scores['best-practices']}`,
      );
    }
  } finally {
    await browser.close().catch(() => {});
    await chrome.close();
  }
  return results;
}
