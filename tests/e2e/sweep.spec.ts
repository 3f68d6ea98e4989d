/**
 * Accessibility sweep over every wizard page of every flow, in Dutch and in English: each input step
 * empty (the first on a fresh start, later ones with the steps before them filled), each input step
 * with its messages shown after 'Volgende', and each step and the review filled from every complete
 * fixture, on the variant route the fixture belongs to; axe (WCAG 2.1 A/AA) finds nothing on any of them.
 *
 * It is generic, one test per flow and language (so the workers share them out): the flows are the
 * files the server seeds from (a test checks them against `GET /api/flows`), their documents and
 * version hash come from `GET /api/flows/<id>`, the data from `tests/fixtures/<flow>/` (whole-flow fixtures that are valid),
 * and a page is reached by putting the wizard state into sessionStorage as the portal keeps it; it is
 * checked once the wizard marks it settled (its code, lookups and check in, support.ts). A new
 * or changed flow, variant or fixture is swept without touching this file.
 */
import type { Page } from '@playwright/test';
import { flowInputs } from '../../src/server/flows/sources';
import { storageKey } from '../../renderer/browser/flowStorage';
import { LANGS, type Lang, type Translate } from '../../renderer/core/i18n';
import { flowTitle, type FlowDocument, type FlowModel, type Scenario } from '../../renderer/core/types';
import { axeViolations, expect, test, waitForSettled } from './support';
import { flowRoutes, hasUnconditionalRequiredField, chooseLanguage, modelBefore, storedState, wizardOn, wizardTexts, type FlowResponse } from './sweepPlan';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Tally {
  renders: number;
  axeRuns: number;
}

/** Sweeps one flow in one language on `page`; answers the coverage problems (missing fixtures). */
class FlowSweep {
  private readonly scenario: Scenario;
  /** Pages the wizard shows with state 'hidden' for the data being swept; they are passed over. */
  private hidden: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly flow: FlowDocument,
    private readonly hash: string,
    private readonly lang: Lang,
    private readonly t: Translate,
    private readonly tally: Tally,
  ) {
    this.scenario = flow.scenarios[0];
  }

  async run(): Promise<string[]> {
    const { routes, problems } = flowRoutes(this.flow);
    for (const route of routes) {
      const base = `/${this.scenario}/${this.flow.id}${route.variant ? `/${route.variant}` : ''}`;
      await test.step(`${base} (${this.lang})`, async () => {
        const hiddenFor = new Map<string, string[]>();
        for (const fixture of route.fixtures) {
          // The review first: it lists the pages the wizard shows for this data.
          this.hidden = [];
          await this.open(base, this.flow.review.id, fixture.model, route.variant);
          this.hidden = await this.hiddenSteps();
          hiddenFor.set(fixture.name, this.hidden);
          await this.settle(this.flow.review.id);
          await this.check(`${base}/${this.flow.review.id} filled from ${fixture.name}`);
          for (const step of this.visibleSteps()) {
            await this.open(base, step.id, fixture.model, route.variant);
            await this.settle(step.id);
            await this.check(`${base}/${step.id} filled from ${fixture.name}`);
          }
        }
        const [first] = route.fixtures;
        this.hidden = first ? hiddenFor.get(first.name)! : [];
        // Without a complete fixture only the first step can be reached empty (reported as a problem).
        const steps = first ? this.visibleSteps() : this.visibleSteps().slice(0, 1);
        for (const [index, step] of steps.entries()) {
          const earlier = index === 0 ? undefined : modelBefore(this.flow, step.id, first!.model);
          await this.open(base, step.id, earlier, route.variant);
          await this.settle(step.id);
          await this.check(`${base}/${step.id} empty${first && index > 0 ? ` after ${first.name}` : ''}`);
          await this.showMessages(step.id);
          await this.check(`${base}/${step.id} empty with messages`);
        }
      });
    }
    return problems;
  }

  private visibleSteps() {
    return this.flow.steps.filter((step) => !this.hidden.includes(step.id));
  }

  /** On the review page every shown step before it is a link in the step list; the others are hidden. */
  private async hiddenSteps(): Promise<string[]> {
    const list = this.page.getByRole('navigation', { name: this.t('wizard.steps'), exact: true });
    await expect(list.getByRole('listitem').last()).toBeVisible();
    const hrefs = await list.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const shown = hrefs.map((href) => href.split('/').pop());
    return this.flow.steps.map((step) => step.id).filter((id) => !shown.includes(id));
  }

  /**
   * Opens a wizard page with the stored state the portal restores: `model` approved and every
   * visible page before this one passed; no model means a fresh start (nothing stored).
   */
  private async open(base: string, pageId: string, model: FlowModel | undefined, variant: string | undefined): Promise<void> {
    const value = model ? storedState(this.hash, model, wizardOn(this.flow, pageId, this.hidden)) : null;
    const script = await this.page.addInitScript(
      ({ key, value }) => {
        if (value === null) sessionStorage.removeItem(key);
        else sessionStorage.setItem(key, value);
      },
      { key: storageKey({ flowId: this.flow.id, scenario: this.scenario, variant }), value },
    );
    try {
      await this.page.goto(`${base}/${pageId}`);
    } finally {
      await script.dispose();
    }
    // The stored state was accepted: the wizard did not start again elsewhere.
    await expect(this.page).toHaveURL(new RegExp(`${escapeRegExp(`${base}/${pageId}`)}$`));
    this.tally.renders += 1;
  }

  /**
   * Waits until the wizard says the page is settled (its code, lookups and check are in), then
   * checks its heading (in the sweep's language), title and form.
   */
  private async settle(pageId: string): Promise<void> {
    await waitForSettled(this.page);
    const shown = [...this.visibleSteps().map((step) => step.id), this.flow.review.id];
    const number = shown.indexOf(pageId) + 1;
    const heading = this.page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(new RegExp(`^${escapeRegExp(`${this.t('wizard.step', { n: number })}: `)}\\S`));
    const headingText = (await heading.textContent()) ?? '';
    await expect(this.page).toHaveTitle(new RegExp(`^${escapeRegExp(`${headingText} | ${flowTitle(this.flow, this.scenario)} | `)}`));
    const isReview = pageId === this.flow.review.id;
    const form = this.page.locator('main form');
    await expect(form.getByRole('button', { name: isReview ? this.flow.review.submitLabel : this.t('wizard.next'), exact: true })).toBeVisible();
    if (isReview) await expect(form.getByRole('heading', { level: 2 }).first()).toBeVisible();
    // A step may start with nothing but an empty repeating group (its frame and 'add' button).
    else await expect(form.locator('input, select, textarea, fieldset').first()).toBeAttached();
  }

  /** 'Volgende' on the empty step: its messages appear (at least one when a field is required). */
  private async showMessages(stepId: string): Promise<void> {
    const step = this.flow.steps.find((candidate) => candidate.id === stepId)!;
    const url = this.page.url();
    await this.page
      .locator('main form')
      .getByRole('button', { name: this.t('wizard.next'), exact: true })
      .click();
    this.tally.renders += 1;
    if (hasUnconditionalRequiredField(step)) {
      await expect(this.page.locator('main .utrecht-form-field-error-message').first()).toBeVisible();
      expect(this.page.url(), 'an empty step with a required field is not passed').toBe(url);
      await this.settle(stepId);
    } else {
      // Its messages, or the next step.
      await waitForSettled(this.page);
    }
  }

  private async check(context: string): Promise<void> {
    this.tally.axeRuns += 1;
    expect.soft(await axeViolations(this.page), `axe on ${context}`).toEqual([]);
  }
}

// Each flow and language is a test of its own, independent of the others: the workers share them out.
test.describe.configure({ mode: 'parallel' });

/** The flows a test server serves: the shipped files and the examples (read here to name one test per flow). */
const FLOW_IDS = flowInputs(process.cwd(), { examples: true }).map((input) => input.expectedId!);

test('the sweep covers every flow the portal serves', async ({ request }) => {
  const response = await request.get('/api/flows');
  expect(response.ok()).toBe(true);
  const served = ((await response.json()) as { id: string }[]).map((flow) => flow.id);
  expect([...served].sort()).toEqual([...FLOW_IDS].sort());
});

for (const id of FLOW_IDS) {
  for (const lang of LANGS) {
    test(`every wizard page of ${id} in ${lang}: empty, with messages and filled from the fixtures, without axe violations`, async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(3 * 60_000);
      const t = wizardTexts(lang);
      const tally: Tally = { renders: 0, axeRuns: 0 };
      await chooseLanguage(page, lang, baseURL);
      const response = await request.get(`/api/flows/${id}`, { params: { lang } });
      expect(response.ok(), `GET /api/flows/${id}`).toBe(true);
      const { flow, hash } = (await response.json()) as FlowResponse;
      // A flow without this language is shown in Dutch, wizard texts included.
      const shownIn = flow.languages && !flow.languages.includes(lang) ? 'nl' : lang;
      const texts = shownIn === lang ? t : wizardTexts(shownIn);
      const problems = await new FlowSweep(page, flow, hash, shownIn, texts, tally).run();
      console.log(`sweep ${id} ${lang}: ${tally.renders} page renders, ${tally.axeRuns} axe runs`);
      expect(problems, 'every variant of the flow has a complete valid fixture').toEqual([]);
    });
  }
}
