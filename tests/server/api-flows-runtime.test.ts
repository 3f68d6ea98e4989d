/**
 * Flows are data read at start-up: a changed flow file and a restart change what the server serves
 * and how it validates — no client rebuild. Runs on a copy of flows/, schemas/ and data/.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartForm, startServer } from '../helpers/server';

const root = mkdtempSync(path.join(tmpdir(), 'uzi-flow-root-'));
for (const folder of ['flows', 'schemas', 'data']) cpSync(path.join(process.cwd(), folder), path.join(root, folder), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

function editDocumentsFlow(change: (flow: { steps: { title: string; schema: { required: string[] } }[] }) => void): void {
  const file = path.join(root, 'flows/aanleveren-documenten.flow.json');
  const flow = JSON.parse(readFileSync(file, 'utf8'));
  change(flow);
  writeFileSync(file, JSON.stringify(flow, null, 2));
}

describe('flows are loaded at run time', () => {
  it('a changed title and a new rule take effect after a restart', async () => {
    const before = await startServer({ env: { APP_ROOT: root } });
    const flow = await (await before.fetch('/api/flows/aanleveren-documenten')).json();
    expect(flow.flow.steps[0].title).toBe('Uw gegevens');
    const oldModule = await (await before.fetch(flow.validators.stap1)).text();
    await before.close();

    editDocumentsFlow((document) => {
      document.steps[0].title = 'Gegevens van de abonnee';
      document.steps[0].schema.required.push('abonneeNummer');
    });

    const after = await startServer({ env: { APP_ROOT: root } });
    try {
      const changed = await (await after.fetch('/api/flows/aanleveren-documenten')).json();
      expect(changed.flow.steps[0].title).toBe('Gegevens van de abonnee');
      expect(changed.validators.stap1).not.toBe(flow.validators.stap1);
      expect(await (await after.fetch(changed.validators.stap1)).text()).not.toBe(oldModule);

      // The server validates with the changed document: the subscriber number is now required.
      const session = await after.session();
      const form = multipartForm(
        { abonneeNaam: 'Zorggroep', naamContactpersoon: 'Jan Jansen', emailAdresContactpersoon: 'jan@example.nl', aanvraag: '1', aanvraagType: '1' },
        [{ name: 'brief.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') }],
      );
      const response = await after.postMultipart('/api/aanleveren-documenten/upload', form, session);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.errors).toContainEqual({ code: 'UVAL-01', extraInfo: ['gegevens.abonneeNummer', "Het veld 'Abonneenummer' is niet ingevuld."] });
    } finally {
      await after.close();
    }
  });
});
