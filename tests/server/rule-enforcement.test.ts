/**
 * The server enforces every rule kind a flow states on every route that accepts the flow's data:
 * the same test flow, once as an upload flow (`/upload`) and once as a flow whose printed form is
 * made from the model (`/bevestiging`), gets data that breaks one rule kind at a time. Both routes
 * refuse it with the spec's error body and store nothing; what the rule derives is the server's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDocument, FlowModel, UploadSubmit } from '../../renderer/core/types';
import { uploadEntries } from '../../renderer/core/uploadFields';
import { copyFlowRoot, type EditableFlow } from '../helpers/flowRoot';
import { expectError, startServer, type Session, type TestServer } from '../helpers/server';

const definitions = copyFlowRoot();

function proefFlow(id: string, kind: 'upload' | 'model'): EditableFlow {
  return {
    id,
    scenarios: ['uzi'],
    title: 'Proefaanvraag',
    headerName: 'Proefaanvraag',
    baseData: 'abonneeregistratie-zorgverlener',
    steps: [
      {
        id: 'stap1',
        title: 'Gegevens',
        dataKey: 'gegevens',
        schema: {
          type: 'object',
          required: ['soort', 'beroepstitel', 'specialisme', 'bevestigd'],
          properties: {
            soort: { type: 'integer', title: 'Soort', enum: [1, 2], 'x-enumNames': ['Eerste', 'Tweede'] },
            toelichting: { type: 'string', title: 'Toelichting', maxLength: 100 },
            afgeleid: { type: 'string', title: 'Afgeleid' },
            beroepstitel: { type: 'integer', title: 'Beroepstitel', 'x-options': 'Beroepstitels' },
            specialisme: {
              type: 'integer',
              title: 'Specialisme',
              'x-options': 'Specialismen',
              'x-optionsFilter': { list: 'Specialismen', key: 'AllowedForOptions', by: 'gegevens.beroepstitel' },
              'x-resetOn': ['beroepstitel'],
            },
            adres: { $ref: 'urn:uzi-portaal:veld:adres', title: 'Adres' },
            bevestigd: { type: 'boolean', title: 'Bevestigd' },
            ...(kind === 'upload'
              ? {
                  bijlage: {
                    type: 'array',
                    title: 'Bijlage',
                    items: { $ref: 'urn:uzi-portaal:veld:bestand' },
                    'x-files': { accept: ['csr'], maxFileSize: 4096, maxFiles: 1, check: 'csr' },
                  },
                }
              : {}),
          },
        },
        visibleIf: { toelichting: { '==': [{ var: 'gegevens.soort' }, 2] } },
        derive: [{ field: 'afgeleid', when: { '==': [{ var: 'gegevens.soort' }, 1] }, value: 'vast' }],
        rules: [{ id: 'bevestigen', field: 'bevestigd', assert: { '==': [{ var: 'gegevens.bevestigd' }, true] }, message: 'Bevestig dit.' }],
      },
    ],
    review: { id: 'stap2', title: 'Controleren', submitLabel: 'Versturen' },
    submit: kind === 'upload' ? { kind: 'upload', url: `/api/${id}/upload`, failureMessage: 'Mislukt.' } : { kind: 'navigate' },
    confirmation: {
      title: 'Ontvangen',
      blocks: [],
      download: {
        url: `/api/${id}/bevestiging`,
        errorMessage: 'Mislukt.',
        errorSrText: 'Mislukt',
        ...(kind === 'model' ? { payload: 'model', document: 'application' } : {}),
      },
    },
  };
}

const VALID: FlowModel = { gegevens: { soort: 1, beroepstitel: 2, specialisme: 2, bevestigd: true } };
const MISMATCH = { land: 'NL', postcode: '1012JS', huisnummer: '1', straatnaam: 'Kalverstraat', woonplaats: 'Amsterdam' };

let server: TestServer;
let session: Session;
const flows: Record<string, FlowDocument> = {};

beforeAll(async () => {
  for (const [id, kind] of [
    ['proef-upload', 'upload'],
    ['proef-formulier', 'model'],
  ] as const)
    definitions.writeFlow(id, proefFlow(id, kind));
  server = await startServer({ env: { APP_ROOT: definitions.root } });
  session = await server.session();
  for (const id of ['proef-upload', 'proef-formulier']) flows[id] = ((await (await server.fetch(`/api/flows/${id}`)).json()) as { flow: FlowDocument }).flow;
});
afterAll(async () => {
  await server?.close();
  definitions.dispose();
});

/** Sends the model the way the browser does on each route. */
const routes = {
  upload: async (model: FlowModel, files: { name: string; bytes: string }[] = []) => {
    const flow = flows['proef-upload'];
    const form = new FormData();
    for (const [name, value] of uploadEntries(flow, flow.submit as UploadSubmit, model, 'uzi')) form.append(name, value);
    for (const file of files) form.append('bijlage', new Blob([file.bytes]), file.name);
    return server.postMultipart('/api/proef-upload/upload', form, session);
  },
  model: (model: FlowModel) => server.postJson('/api/proef-formulier/bevestiging', model, session),
};

const withData = (extra: Record<string, unknown>): FlowModel => ({ gegevens: { ...VALID.gegevens, ...extra } });

describe.each(Object.entries(routes))('every rule kind on the %s route', (_route, send) => {
  it('accepts valid data', async () => {
    expect((await send(VALID)).status).toBe(200);
  });

  it.each([
    ['visibleIf: data of a hidden field', { toelichting: 'Verborgen' }, 'UVAL-02', 'gegevens.toelichting', undefined],
    ['rules: a cross-field rule that fails', { bevestigd: false }, 'UVAL-01', 'gegevens.bevestigd', 'Bevestig dit.'],
    [
      'x-optionsFilter: a choice the other answer does not allow',
      { beroepstitel: 1, specialisme: 2 },
      'UVAL-01',
      'gegevens.specialisme',
      "Het veld 'Specialisme' is ongeldig.",
    ],
    [
      'x-addressCheck: a street and town the address register contradicts',
      { adres: MISMATCH },
      'UVAL-01',
      'gegevens.adres.straatnaam',
      'De straatnaam en plaats horen niet bij deze postcode en dit huisnummer. Controleer het adres.',
    ],
  ])('%s', async (_kind, extra, code, path, message) => {
    const stored = await server.storage.countSubmissions();
    const body = await expectError(await send(withData(extra)), 400);
    expect(body.errors).toContainEqual({ code, extraInfo: message === undefined ? [path] : [path, message] });
    expect(await server.storage.countSubmissions()).toBe(stored);
  });

  it('x-addressCheck: an address the register confirms is accepted', async () => {
    expect((await send(withData({ adres: { ...MISMATCH, straatnaam: 'Dam' } }))).status).toBe(200);
  });
});

describe('what only the server decides', () => {
  it('derive: the server sets a derived value, whatever the browser sent', async () => {
    const response = await routes.upload(withData({ afgeleid: 'iets anders' }));
    expect(response.status).toBe(200);
    const { kenmerk } = (await response.json()) as { kenmerk: string };
    expect(((await server.storage.getSubmission(kenmerk))?.data as FlowModel).gegevens.afgeleid).toBe('vast');
  });

  it('x-files check: the content check named by the file field runs on upload', async () => {
    const body = await expectError(await routes.upload(VALID, [{ name: 'verzoek.csr', bytes: 'geen certificaatverzoek' }]), 400);
    expect(body.errors[0].code).toMatch(/^UPKC10V-0\d$/);
  });
});
