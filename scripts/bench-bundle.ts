/**
 * `npm run bench:bundle`: what each flow's first step costs on the wire, measured in Debian
 * Chromium against the built portal (`npm run build` first). Every response the page received
 * before the step was shown — the page itself, scripts, stylesheets, API answers, validator
 * modules — counted as the browser received it (Chrome's `encodedDataLength`: compressed body and
 * headers, as sent), split by kind. Counted apart: what is fetched by design only once the step is
 * on screen (the other steps' validators, the session timer, the review step).
 * The JavaScript is also counted as a client that accepts gzip only would get it: each script
 * fetched again with `Accept-Encoding: gzip`, its body length as the server sent it.
 * Targets (issue 13): everything sent before the largest first step (most fields: the one bench:peer
 * compares) is usable at most 170 KB; its gzipped JavaScript at most 130 KB. The largest figures of
 * any flow's first step are printed too.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import { compileShippedFlows } from '../src/server/flows/sources';
import { firstStepsBySize, launchChromium, startBuiltServer } from './benchSupport';

if (!existsSync('dist/server/main.js')) {
  console.error('Geen build gevonden: voer eerst `npm run build` uit.');
  process.exit(1);
}
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 3401));
const { base } = server;
const browser = await launchChromium();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The body length the server sends for `url` to a client that accepts gzip only. */
function gzipBodyLength(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let length = 0;
        response.on('data', (chunk: Buffer) => (length += chunk.length));
        response.on('end', () => resolve(length));
      })
      .on('error', reject);
  });
}

interface Received {
  url: string;
  kind: 'page' | 'js' | 'css' | 'api' | 'other';
  bytes: number;
  start: number;
}

function kindOf(url: string, type: string): Received['kind'] {
  const { pathname } = new URL(url);
  if (type === 'Document') return 'page';
  if (pathname.endsWith('.js')) return 'js';
  if (pathname.endsWith('.css')) return 'css';
  if (pathname.startsWith('/api/')) return 'api';
  return 'other';
}

let worstSent = { bytes: 0, flow: '' };
let worstGzipJs = { bytes: 0, flow: '' };
const shipped = compileShippedFlows(process.cwd());
// The one the issue's targets name and bench:peer compares: the first step with the most fields.
const [largest] = firstStepsBySize(shipped.values());
let largestFigures: { sent: number; gzipJs: number } | undefined;
try {
  for (const compiled of shipped.values()) {
    const flow = compiled.content.documents.nl;
    const variant = flow.variants?.find((candidate) => candidate.default) ?? flow.variants?.[0];
    const firstStep = `/${flow.scenarios[0]}/${flow.id}${variant ? `/${variant.id}` : ''}/${flow.steps[0].id}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map<string, { url: string; type: string; start: number }>();
    const received: Received[] = [];
    cdp.on('Network.requestWillBeSent', (event) => requests.set(event.requestId, { url: event.request.url, type: event.type ?? '', start: event.timestamp }));
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (request) received.push({ url: request.url, kind: kindOf(request.url, request.type), bytes: event.encodedDataLength, start: request.start });
    });
    // The moment the first form field appears, taken in the page itself.
    await page.addInitScript(`new MutationObserver(() => {
      if (window.__shown === undefined && document.querySelector('main form :is(input, select, textarea)')) window.__shown = performance.timeOrigin + performance.now();
    }).observe(document, { childList: true, subtree: true });`);
    await page.goto(`${base}${firstStep}`);
    await page.locator('main form :is(input, select, textarea)').first().waitFor();
    await page.waitForLoadState('networkidle');
    const shownAt = (await page.evaluate(() => (window as unknown as { __shown: number }).__shown)) / 1000;
    // Deferred by design: the later steps' validators, the session timer (loaded when the browser is idle) and the review step.
    const laterStep = (url: string) =>
      (/\/validatiemodules\/[^/]+\.js/.test(url) && !url.includes(`/validatiemodules/${flow.steps[0].id}.js`)) ||
      /\/assets\/(SessionTimeout|storedData|ReviewStep)-/.test(url);
    // CDP timestamps are monotonic seconds; the page's clock is wall time: line them up by the page request.
    const pageRequest = received.find((item) => item.kind === 'page');
    const navigationWall = await page.evaluate(() => performance.timeOrigin / 1000);
    const offset = pageRequest ? navigationWall - pageRequest.start : 0;
    const before = received.filter((item) => !laterStep(item.url) && item.start + offset <= shownAt + 0.001);
    const after = received.filter((item) => laterStep(item.url));
    const early = received.filter((item) => laterStep(item.url) && item.start + offset < shownAt);
    if (early.length > 0) console.log(`  (note: ${early.length} deferred module(s) were fetched before the first step was shown)`);
    const sum = (items: Received[]) => items.reduce((total, item) => total + item.bytes, 0);
    const by = (kind: Received['kind']) => sum(before.filter((item) => item.kind === kind));
    const sent = sum(before);
    let gzipJs = 0;
    for (const item of before.filter((candidate) => candidate.kind === 'js')) gzipJs += await gzipBodyLength(item.url);
    if (sent > worstSent.bytes) worstSent = { bytes: sent, flow: flow.id };
    if (gzipJs > worstGzipJs.bytes) worstGzipJs = { bytes: gzipJs, flow: flow.id };
    if (flow.id === largest?.flow.id) largestFigures = { sent, gzipJs };
    if (process.env.BENCH_VERBOSE) for (const item of before) console.log(`    ${item.kind.padEnd(5)} ${kb(item.bytes).padStart(9)} ${item.url}`);
    console.log(
      `${flow.id.padEnd(36)} sent before the step was shown: ${kb(sent).padStart(9)} in ${before.length} responses ` +
        `(page ${kb(by('page'))}, JS ${kb(by('js'))}, CSS ${kb(by('css'))}, API ${kb(by('api'))}); JS gzip-only ${kb(gzipJs)}; after it: ${kb(sum(after))} in ${after.length}`,
    );
    await context.close();
  }
  if (largest && largestFigures) {
    console.log(
      `Largest first step (${largest.flow.id} / ${largest.flow.steps[0].id}, ${largest.fields} fields, the one bench:peer compares): ` +
        `${kb(largestFigures.sent)} sent (target at most 170 KB); its JS to a gzip-only client ${kb(largestFigures.gzipJs)} (target at most 130 KB)`,
    );
  }
  console.log(
    `Every flow's first step: at most ${kb(worstSent.bytes)} sent (${worstSent.flow}); JS to a gzip-only client at most ${kb(worstGzipJs.bytes)} (${worstGzipJs.flow})`,
  );
} finally {
  await browser.close();
  server.stop();
}
