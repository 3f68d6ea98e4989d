/**
 * `npm run bench:bundle`: the gzipped JavaScript each flow's first step loads, measured in Debian
 * Chromium against the built portal: every script the page fetched for the first step (entry chunk,
 * its imports, lazy chunks such as the address field, the step's validator module), each gzipped at
 * level 9 as the server would send it. Counted apart: the other steps' validator modules, the
 * session timer and the review step, fetched only once the first step is on screen (the report
 * says when one came earlier). Also the gzipped stylesheets of the step. Run after
 * `npm run build`. Target: at most 150 KB of JavaScript.
 */
import { existsSync } from 'node:fs';
import { compileShippedFlows } from '../src/server/flows/sources';
import { gzippedSize, launchChromium, startBuiltServer } from './benchSupport';

if (!existsSync('dist/server/main.js')) {
  console.error('Geen build gevonden: voer eerst `npm run build` uit.');
  process.exit(1);
}
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 3401));
const { base } = server;
const browser = await launchChromium();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let worst = 0;
try {
  for (const compiled of compileShippedFlows(process.cwd()).values()) {
    const flow = compiled.content.documents.nl;
    const variant = flow.variants?.find((candidate) => candidate.default) ?? flow.variants?.[0];
    const firstStep = `/${flow.scenarios[0]}/${flow.id}${variant ? `/${variant.id}` : ''}/${flow.steps[0].id}`;
    const page = await browser.newPage();
    // The moment the first form field appears, taken in the page itself.
    // (A string, so the script runner's helpers do not end up in the page.)
    await page.addInitScript(`new MutationObserver(() => {
      if (window.__shown === undefined && document.querySelector('main form :is(input, select, textarea)')) window.__shown = performance.now();
    }).observe(document, { childList: true, subtree: true });`);
    await page.goto(`${base}${firstStep}`);
    await page.locator('main form :is(input, select, textarea)').first().waitFor();
    await page.waitForLoadState('networkidle');
    const { shownAt, resources, stylesheets } = await page.evaluate(() => ({
      shownAt: (window as unknown as { __shown: number }).__shown,
      resources: performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js') || entry.name.includes('.js?'))
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
      stylesheets: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.css'))
        .map((entry) => entry.name),
    }));
    // Deferred by design: the later steps' validators, the session timer (loaded when the browser is idle) and the review step.
    const laterStep = (url: string) =>
      (/\/validators\/[^/]+\.js/.test(url) && !url.includes(`/validators/${flow.steps[0].id}.js`)) || /\/assets\/(SessionTimeout|storedData|ReviewStep)-/.test(url);
    const before = resources.filter((resource) => !laterStep(resource.url)).map((resource) => resource.url);
    const after = resources.filter((resource) => laterStep(resource.url)).map((resource) => resource.url);
    const early = resources.filter((resource) => laterStep(resource.url) && resource.start < shownAt);
    if (early.length > 0) console.log(`  (note: ${early.length} deferred module(s) were fetched before the first step was shown)`);
    if (process.env.BENCH_VERBOSE) console.log(before, after);
    const shown = await gzippedSize(before);
    const later = await gzippedSize(after);
    const css = await gzippedSize(stylesheets);
    worst = Math.max(worst, shown);
    console.log(
      `${flow.id.padEnd(36)} first step: ${kb(shown).padStart(9)} in ${before.length} files${shown > 150 * 1024 ? '  > 150 KB' : ''}; fetched after it was shown: ${kb(later)} in ${after.length} files; CSS ${kb(css)}`,
    );
    await page.close();
  }
  console.log(`Largest first step: ${kb(worst)} (target at most 150 KB)`);
} finally {
  await browser.close();
  server.stop();
}
