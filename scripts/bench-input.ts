/**
 * `npm run bench:input`: input latency on the largest step (provider registration, step 1) in
 * Debian Chromium with 4x CPU slowdown: 100 key presses into a text field, each measured from the
 * keydown event to the second animation frame after it (the frame that shows the change). Also the
 * gzipped JavaScript that step loads. Run after `npm run build`.
 */
import { gzippedSize, launchChromium, startBuiltServer } from './benchSupport';

const server = await startBuiltServer(3400);
const { base } = server;
const browser = await launchChromium();

try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script') scripts.add(response.url());
  });
  const target = process.env.BENCH_PAGE ?? '/uzi/abonneeregistratie-zorgverlener/stap1';
  const fieldId = process.env.BENCH_FIELD ?? '#gegevensZorgverlener_persoonsgegevens_voornamen';
  await page.goto(`${base}${target}`, { waitUntil: 'networkidle' });
  await page.locator(fieldId).waitFor();

  const gz = await gzippedSize(scripts);

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Key press to next paint: from the keydown event to the frame after the one React rendered in
  // (a rAF callback runs just before a frame; the next one runs after it was produced).
  await page.evaluate(() => {
    const durations: number[] = [];
    (window as unknown as { __durations: number[] }).__durations = durations;
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => requestAnimationFrame(() => durations.push(performance.now() - start)));
      },
      { capture: true },
    );
  });
  const field = page.locator(fieldId);
  await field.click();
  const presses = 100;
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(i % 10 === 9 ? 'Backspace' : 'a');
    // Let the page settle before the next key, so each press is measured alone (no queue).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(500);
  const measured = await page.evaluate(() => (window as unknown as { __durations: number[] }).__durations);
  const all = [...measured].sort((a, b) => a - b);
  const pct = (p: number) => all[Math.min(all.length - 1, Math.ceil((p / 100) * all.length) - 1)];
  console.log(`JavaScript loaded by ${target}: ${(gz / 1024).toFixed(1)} KB gzipped (${scripts.size} scripts)`);
  console.log(`Key press to next paint, 4x CPU slowdown, ${presses} presses: median ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, max ${all.at(-1)!.toFixed(0)} ms (${measured.length} measured)`);
} finally {
  await browser.close();
  server.stop();
}
