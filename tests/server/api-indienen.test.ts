/**
 * The final submit of the flows whose answers are sent as one model (`POST /api/<flow>/indienen`):
 * the server checks the model with the flow version, stores it with its variant and version under a
 * kenmerk, and the printed form is then made from what was stored and carries that kenmerk. A
 * refused model is answered field by field and nothing is stored.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowModel } from '../../renderer/core/types';
import { pdfText } from '../helpers/poppler';
import { expectError, startServer, type Session, type TestServer } from '../helpers/server';

const PAS = 'aanvraag-zorgverlenerpas';
const model = (
  JSON.parse(readFileSync(`tests/fixtures/${PAS}/02-geldig-artikel34-kp-geen-abonnee-gemachtigde-buitenlands-adres.json`, 'utf8')) as { data: FlowModel }
).data;

let server: TestServer;
let session: Session;
let submitUrl: string;
let downloadUrl: string;

beforeAll(async () => {
  server = await startServer();
  session = await server.session();
  const flow = server.registry.get(PAS)!.content.documents.nl;
  submitUrl = 'url' in flow.submit ? flow.submit.url : '';
  downloadUrl = flow.confirmation.download!.url;
});
afterAll(() => server.close());

describe('POST /api/<flow>/indienen', () => {
  it('stores the checked model with its variant and version and answers the kenmerk', async () => {
    const response = await server.postJson(`${submitUrl}?scenario=uzi`, model, session);
    expect(response.status).toBe(200);
    const { kenmerk } = (await response.json()) as { kenmerk: string };
    const stored = await server.storage.getSubmission(kenmerk);
    expect(stored).toMatchObject({ flowId: PAS, scenario: 'uzi', flowHash: server.registry.get(PAS)!.hash });
    expect((stored!.data as FlowModel).variant).toEqual(model.variant);
    expect((stored!.data as FlowModel).gegevensPashouder).toMatchObject({ persoonsgegevens: model.gegevensPashouder.persoonsgegevens });

    // The printed form is built from the stored application and carries its kenmerk.
    const printed = await server.postJson(downloadUrl, { kenmerk }, session);
    expect(printed.status).toBe(200);
    expect(printed.headers.get('content-disposition')).toBe(`attachment; filename="aanvraagformulier-${PAS}-${kenmerk}.pdf"`);
    const text = pdfText(Buffer.from(await printed.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(kenmerk);
    expect(text).toContain('Dijk');
    expect(text).toContain('Rue de la Loi 16');
  });

  it('refuses an invalid model field by field, and stores nothing', async () => {
    const before = await server.storage.countSubmissions();
    const broken = {
      ...model,
      gegevensPashouder: { ...model.gegevensPashouder, persoonsgegevens: { ...(model.gegevensPashouder.persoonsgegevens as object), bsn: '123' } },
    };
    const body = await expectError(await server.postJson(`${submitUrl}?scenario=uzi`, broken, session), 400);
    expect(body.errors).toEqual([{ code: 'UVAL-01', extraInfo: ['gegevensPashouder.persoonsgegevens.bsn', expect.any(String)] }]);
    expect(await server.storage.countSubmissions()).toBe(before);
  });

  it('refuses a scenario the flow does not have, a variant it does not know, and a missing CSRF token', async () => {
    await expectError(await server.postJson(submitUrl, model, session), 400);
    await expectError(await server.postJson(`${submitUrl}?scenario=zovar`, model, session), 400);
    await expectError(await server.postJson(`${submitUrl}?scenario=uzi`, { ...model, variant: { isArtikel34: 7 } }, session), 400);
    await expectError(await server.postJson(`${submitUrl}?scenario=uzi`, model), 403);
  });

  it("still prints the form from the whole model, as the spec's call allows", async () => {
    const response = await server.postJson(`${downloadUrl}?scenario=uzi`, model, session);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="aanvraagformulier-${PAS}.pdf"`);
  });

  it('answers a kenmerk of another flow with 404', async () => {
    const other = await server.storage.saveSubmission({ flowId: 'aanleveren-documenten', flowHash: 'x', scenario: 'uzi', data: {}, files: [] });
    await expectError(await server.postJson(downloadUrl, { kenmerk: other.kenmerk }, session), 404);
  });
});
