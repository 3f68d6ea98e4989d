/**
 * `npm run bench:input`: input latency on the largest step (provider registration, step 1) in
 * Debian Chromium with 4x CPU slowdown, 100 key presses into a text field. Two measures per press:
 * - key press to next paint as the browser reports it (Event Timing API, the measure behind
 *   Interaction to Next Paint): from the key's time stamp to the frame that showed the change was
 *   presented, the longest event of the interaction, in steps of 8 ms;
 * - a stricter one taken in the page: from the keydown time stamp to the start of the frame after
 *   the one that painted the change (two animation frames), which adds up to one frame of waiting.
 * Also the gzipped JavaScript that step loads. Run after `npm run build`.
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
    // Event Timing: the longest event per interaction (keydown, keypress, input, keyup share one id).
    const interactions = new Map<number, number>();
    (window as unknown as { __interactions: Map<number, number> }).__interactions = interactions;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
        if (entry.interactionId && entry.name.startsWith('key'))
          interactions.set(entry.interactionId, Math.max(interactions.get(entry.interactionId) ?? 0, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: 0, buffered: false } as PerformanceObserverInit);
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
  const { frames, interactions } = await page.evaluate(() => {
    const w = window as unknown as { __durations: number[]; __interactions: Map<number, number> };
    return { frames: w.__durations, interactions: [...w.__interactions.values()] };
  });
  const summary = (values: number[]) => {
    const all = [...values].sort((a, b) => a - b);
    const pct = (p: number) => all[Math.min(all.length - 1, Math.ceil((p / 100) * all.length) - 1)].toFixed(0);
    return `median ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms (${all.length} measured)`;
  };
  console.log(`JavaScript loaded by ${target}: ${(gz / 1024).toFixed(1)} KB gzipped (${scripts.size} scripts)`);
  console.log(`4x CPU slowdown, ${presses} key presses`);
  console.log(`  key press to next paint (Event Timing): ${summary(interactions)}`);
  console.log(`  keydown to the frame after the paint (two animation frames): ${summary(frames)}`);
} finally {
  await browser.close();
  server.stop();
}
