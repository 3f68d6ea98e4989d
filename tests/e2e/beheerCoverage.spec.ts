/**
 * 'Dekking' in the back office: under a draft's test cases, how much of the flow they reach and, per
 * step in sentences with the fields' labels, what none of them reaches — the same items the server's
 * coverage gives. Reached by keyboard; axe (and heading order) on the tab with the map.
 */
import type { Page } from '@playwright/test';
import type { CoverageAnswer } from '../../src/shared/beheer';
import { expect, expectAccessible, headingOrderViolations, test } from './support';

const FLOW = 'voorbeeld-keuze';
const ADMIN = { email: 'beheer@example.nl', password: 'proef-wachtwoord-123' };

/** The page's XSRF pair, for a call the spec makes itself (cleaning up after it). */
async function xsrf(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'x-xsrf-token': token };
}

test('the coverage of a draft’s test cases: counts, and per step what no case reaches', async ({ page }) => {
  await page.goto('/beheer');
  await page.getByLabel('E-mailadres').fill(ADMIN.email);
  await page.getByLabel('Wachtwoord').fill(ADMIN.password);
  await page.getByLabel('Wachtwoord').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();

  await page.goto(`/beheer/flows/${FLOW}`);
  await page.getByRole('button', { name: 'Concept starten' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept gestart.' })).toBeVisible();
  try {
    await page.getByRole('tab', { name: 'Testgevallen', exact: true }).press('Enter');
    const map = page.getByRole('region', { name: 'Dekking' });
    await expect(map.getByRole('heading', { level: 4, name: 'Dekking' })).toBeVisible();

    const answer = (await (await page.request.get(`/api/beheer/flows/${FLOW}/dekking`)).json()) as CoverageAnswer;
    expect(answer.concept).toBe(true);
    for (const count of answer.coverage.counts.filter((entry) => entry.total > 0)) {
      await expect(
        map.getByText(`${count.name[0].toUpperCase()}${count.name.slice(1)}: ${count.reached} van ${count.total} getest`, { exact: true }),
      ).toBeVisible();
    }
    const gaps = answer.coverage.items.filter((item) => !item.reached);
    expect(gaps.length).toBeGreaterThan(0);
    for (const step of new Set(gaps.map((item) => item.stepTitle))) {
      const mine = gaps.filter((item) => item.stepTitle === step);
      const region = map.getByRole('region', { name: `Stap ‘${step}’: ${mine.length} niet getest` });
      await expect(region.getByRole('listitem')).toHaveText(mine.map((item) => item.text));
    }
    await expect(map.getByText(/^Melding ‘.+’ van ‘.+’ komt in geen testgeval voor\.$/).first()).toBeVisible();
    await expectAccessible(page, 'de dekking van de testgevallen');
    expect(await headingOrderViolations(page)).toEqual([]);
  } finally {
    const removed = await page.request.delete(`/api/beheer/flows/${FLOW}/concept`, { headers: await xsrf(page) });
    expect(removed.status()).toBe(204);
  }
});
