/**
 * Flows are data read at start-up: a changed flow file and a restart change what the server serves
 * and how it validates — no client rebuild. Runs on a copy of the release's definitions.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { copyFlowRoot } from '../helpers/flowRoot';
import { minimalPdf, multipartForm, startServer } from '../helpers/server';

const definitions = copyFlowRoot();
afterAll(() => definitions.dispose());

describe('flows are loaded at run time', () => {
  it('a changed title and a new rule take effect after a restart', async () => {
    const before = await startServer({ env: { APP_ROOT: definitions.root } });
    const flow = await (await before.fetch('/api/flows/aanleveren-documenten')).json();
    const firstTitle = flow.flow.steps[0].title;
    const oldModule = await (await before.fetch(flow.validators.stap1)).text();
    await before.close();

    const changedTitle = `${firstTitle} (gecorrigeerd)`;
    definitions.editFlow('aanleveren-documenten', (document) => {
      document.steps[0].title = changedTitle;
      document.steps[0].schema.required.push('abonneeNummer');
    });

    const after = await startServer({ env: { APP_ROOT: definitions.root } });
    try {
      const changed = await (await after.fetch('/api/flows/aanleveren-documenten')).json();
      expect(changed.flow.steps[0].title).not.toBe(firstTitle);
      expect(changed.flow.steps[0].title).toBe(changedTitle);
      expect(changed.validators.stap1).not.toBe(flow.validators.stap1);
      expect(await (await after.fetch(changed.validators.stap1)).text()).not.toBe(oldModule);

      // The server validates with the changed document: the subscriber number is now required.
      const session = await after.session();
      const form = multipartForm(
        { abonneeNaam: 'Zorggroep', naamContactpersoon: 'Jan Jansen', emailAdresContactpersoon: 'jan@example.nl', aanvraag: '1', aanvraagType: '1' },
        [{ name: 'brief.pdf', type: 'application/pdf', bytes: minimalPdf('Brief') }],
      );
      const response = await after.postMultipart('/api/aanleveren-documenten/upload', form, session);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.errors).toContainEqual({ code: 'UVAL-01', extraInfo: ['gegevens.abonneeNummer', expect.any(String)] });
    } finally {
      await after.close();
    }
  });
});
