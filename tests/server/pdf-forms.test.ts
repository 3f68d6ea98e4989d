/**
 * The printed documents of all six flows, from the schema fixtures, over real HTTP: every field
 * value of the fixture is in the text and in a labelled table row of the structure tree, the
 * required documents match the fixture's branch, the right people sign, and pdfinfo reports a
 * tagged A4 document with its title.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEnvironment } from '../../renderer/core/environment';
import { formatFileSize } from '../../renderer/core/fileSize';
import { interpolate } from '../../renderer/core/i18n';
import { getAt } from '../../renderer/core/paths';
import { fieldPaths, labelOf, schemaAt } from '../../renderer/core/schemaPaths';
import { flowTitle, type FileRef, type FlowModel } from '../../renderer/core/types';
import type { Scenario } from '../../src/server/storage';
import {
  baseDataEnglish,
  blockTexts,
  derivedValue,
  englishAt,
  fieldTitle,
  flowEnglish,
  referenceLabel,
  requiredDocument,
  requiredDocumentKey,
  scenarioTitle,
  signerKey,
  signerTitles,
  variantTitle,
  writtenBaseData,
} from '../helpers/flowTexts';
import { findAll, listItems, section, structureTree, tableRows, textOf, type StructNode } from '../helpers/pdfTree';
import { pdfInfo } from '../helpers/poppler';
import { expectError, startServer, type Session, type TestServer } from '../helpers/server';

const ROOT = process.cwd();
const A4 = '595.28 x 841.89 pts (A4)';

let server: TestServer;
let session: Session;
beforeAll(async () => {
  server = await startServer();
  session = await server.session();
});
afterAll(() => server.close());

function fixture(flowId: string, name: string): FlowModel {
  return (JSON.parse(readFileSync(path.join(ROOT, 'tests/fixtures', flowId, name), 'utf8')) as { data: FlowModel }).data;
}

const squash = (text: string) => text.replace(/\s+/g, '');

/**
 * `pdftotext` in reading order (not -layout, which interleaves the lines of a wrapped label with
 * those of its value): what copying the text out of the document gives.
 */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-forms-'));
  try {
    writeFileSync(path.join(dir, 'form.pdf'), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'form.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const stripTags = (html: string) => html.replace(/<\/?(strong|em)>/g, '');

interface Printed {
  pdf: Buffer;
  text: string;
  tree: StructNode;
  info: Record<string, string>;
  disposition: string | null;
}

async function printed(response: Response): Promise<Printed> {
  if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const pdf = Buffer.from(await response.arrayBuffer());
  return { pdf, text: pdfText(pdf), tree: structureTree(pdf), info: pdfInfo(pdf), disposition: response.headers.get('content-disposition') };
}

/**
 * The resolved document of a flow as the server runs it. Titles, labels, document lines and signer
 * roles are taken from it (or from the flow's English file), not written here: they are the
 * administrators' texts. The fixed texts of the printed documents (src/server/confirmation/texts.ts)
 * stay literal.
 */
function documentOf(flowId: string) {
  return server.registry.get(flowId)!.content.documents.nl;
}

/** The application form of a flow whose model the browser sends. */
async function formOf(flowId: string, model: FlowModel, query = ''): Promise<Printed> {
  const url = server.registry.get(flowId)!.content.documents.nl.confirmation.download!.url;
  return printed(await server.postJson(`${url}${query}`, model, session));
}

/** The document of a stored submission (delivery flows, server certificate), by its kenmerk. */
async function storedDocumentOf(flowId: string, model: FlowModel, scenario: Scenario): Promise<Printed & { kenmerk: string }> {
  const saved = await server.storage.saveSubmission({ flowId, flowHash: server.registry.get(flowId)!.hash, scenario, data: model, files: [] });
  const url = server.registry.get(flowId)!.content.documents.nl.confirmation.download!.url;
  return { ...(await printed(await server.postJson(url, { kenmerk: saved.kenmerk }, session))), kenmerk: saved.kenmerk };
}

/**
 * Label and printed value of every filled field of the model, from the flow document: enumerations
 * as their text, booleans Ja/Nee, files as name (size).
 */
function expectedRows(flowId: string, model: FlowModel): { label: string; value: string }[] {
  const flow = server.registry.get(flowId)!.content.documents.nl;
  const vars = withEnvironment(flow, model, server.registry.get(flowId)!.content.lists.nl).$vars;
  return flow.steps.flatMap((step) =>
    fieldPaths(step.schema).flatMap((field) => {
      const value = getAt(model[step.dataKey], field);
      if (value === undefined || value === null || value === '') return [];
      const schema = schemaAt(step.schema, field)!;
      const label = interpolate(labelOf(step.schema, field), vars);
      if (schema['x-files']) return [{ label, value: (value as FileRef[]).map((file) => `${file.name} (${formatFileSize(file.size)})`).join(' ') }];
      if (schema.enum && schema['x-enumNames']) return [{ label, value: schema['x-enumNames'][schema.enum.indexOf(value)] }];
      // A consent prints what was agreed to (its checkbox statement), not 'Ja'.
      const statement = (getAt(step.uiSchema, field) as { 'ui:options'?: { checkboxLabel?: string } } | undefined)?.['ui:options']?.checkboxLabel;
      if (value === true && statement) return [{ label, value: interpolate(statement, vars) }];
      if (typeof value === 'boolean') return [{ label, value: value ? 'Ja' : 'Nee' }];
      return [{ label, value: String(value) }];
    }),
  );
}

/** Every field value is in the extracted text and in a table row with its label. */
function expectEveryValue(doc: Printed, flowId: string, model: FlowModel): void {
  const rows = tableRows(doc.tree).map((row) => ({ label: squash(row.label), value: squash(row.value) }));
  const text = squash(doc.text).replace(/•/g, '');
  for (const expected of expectedRows(flowId, model)) {
    expect(text, expected.label).toContain(squash(expected.value));
    expect(rows, `${expected.label}: ${expected.value}`).toContainEqual({ label: squash(expected.label), value: squash(expected.value) });
  }
}

function expectTaggedA4(doc: Printed, title: string, lang = 'nl-NL'): void {
  expect(doc.info.Tagged).toBe('yes');
  expect(doc.info['Page size']).toBe(A4);
  expect(doc.info.Title).toBe(title);
  expect(doc.pdf.toString('latin1')).toContain(`/Lang (${lang})`);
}

/** The enclosed documents the form asks for; [] when it has no such section. */
function documentsOf(doc: Printed, heading = 'Mee te sturen documenten'): string[] {
  const sect = section(doc.tree, heading);
  return sect ? listItems(sect) : [];
}

/** Role and printed name of each signer. */
function signersOf(doc: Printed, heading = 'Ondertekening'): { role: string; name: string }[] {
  const sect = section(doc.tree, heading);
  return (sect ? findAll(sect, 'Div') : []).map((div) => ({
    role: textOf(div.children.find((child) => child.tag === 'H3')!),
    // The paragraphs are: the 'Naam' label, the printed name (when known), then the field labels.
    name: div.children[2]?.tag === 'P' && !/^Datum/.test(textOf(div.children[2])) ? textOf(div.children[2]) : '',
  }));
}

const SEND = ['Aanleveren documenten', 'uzi/aanleveren-documenten', 'Antwoordnummer', 'Den Haag', 'Versturen per post duurt langer.'];

function expectHowToSend(doc: Printed): void {
  const sect = section(doc.tree, 'Versturen');
  expect(sect, 'sectie Versturen').toBeDefined();
  const text = textOf(sect!);
  for (const part of SEND) expect(text).toContain(part);
}

// ---------------------------------------------------------------------------------------------

const ZI = 'abonneeregistratie-zorginstelling';
const ZV = 'abonneeregistratie-zorgverlener';
const PAS = 'aanvraag-zorgverlenerpas';
const SC = 'aanvraag-servercertificaat';
const DOC = 'aanleveren-documenten';
const P10 = 'aanleveren-pkcs-10-bestand';

/** The fixed documents to enclose, by their place in the flow's requiredDocuments block. */
const enclosed = {
  /** Institution: the identity copy of the authorised applicant. */
  ziApplicantIdentity: () => requiredDocument(documentOf(ZI), 1),
  /** Provider: the identity copy of the provider. */
  zvIdentity: () => requiredDocument(documentOf(ZV), 0),
  /** Provider, not in the BIG register: proof of registration and the trade register extract. */
  zvNotBig: () => [requiredDocument(documentOf(ZV), 1), requiredDocument(documentOf(ZV), 2)],
  /** Provider in none of the quality registers: the diploma. */
  zvDiploma: () => requiredDocument(documentOf(ZV), 3),
  /** Provider: the identity copy of the authorised applicant. */
  zvApplicantIdentity: () => requiredDocument(documentOf(ZV), 4),
  /** Pass holder in none of the quality registers: the diploma. */
  pasDiploma: () => requiredDocument(documentOf(PAS), 0),
};

/** The role of signer `index` of a flow's printed form. */
const role = (flowId: string, index: number) => signerTitles(documentOf(flowId))[index];

/** The heading and the texts of the closing content of the review step (the cost line). */
function costsOf(flowId: string): { heading: string; paragraphs: string[] } {
  const { outro } = documentOf(flowId).review;
  const [heading] = blockTexts(outro, 'heading');
  expect(heading, `${flowId}: review.outro heeft een kop`).toEqual(expect.any(String));
  return { heading, paragraphs: blockTexts(outro, 'paragraph') };
}

function expectCosts(doc: Printed, flowId: string): void {
  const { heading, paragraphs } = costsOf(flowId);
  const sect = section(doc.tree, heading);
  expect(sect, `sectie ${heading}`).toBeDefined();
  expect(paragraphs.length).toBeGreaterThan(0);
  for (const paragraph of paragraphs) expect(squash(textOf(sect!))).toContain(squash(paragraph));
}

/** The documents of an institution type, from the reference data (printed without markup). */
function institutionDocuments(type: number): string[] {
  const lists = server.registry.baseData(ZI, 'nl') as { ZorginstellingTypes: { Value: number; Documents: string[] }[] };
  return lists.ZorginstellingTypes.find((item) => item.Value === type)!.Documents.map(stripTags);
}

describe('institution registration form', () => {
  it('type 1 without authorised applicant: the type 1 documents, the legal representative signs', async () => {
    const model = fixture(ZI, '01-geldig-type1-zonder-gemachtigde.json');
    const doc = await formOf(ZI, model);
    expectTaggedA4(doc, `Aanvraagformulier: ${documentOf(ZI).title}`);
    expect(doc.disposition).toBe(`attachment; filename="aanvraagformulier-${ZI}.pdf"`);
    expectEveryValue(doc, ZI, model);
    expect(documentsOf(doc)).toEqual(institutionDocuments(1));
    expect(signersOf(doc)).toEqual([{ role: role(ZI, 0), name: 'Johanna Maria Jansen' }]);
    expectHowToSend(doc);
    // No kenmerk: the form is not stored; the creation date is.
    expect(tableRows(doc.tree).map((row) => row.label)).not.toContain('Kenmerk');
    expect(tableRows(doc.tree)[0]).toEqual({ label: 'Datum aanmaak', value: expect.stringMatching(/^\d\d-\d\d-\d{4}$/) });
  });

  it('in English: the documents of the type come from the translated reference data', async () => {
    const model = fixture(ZI, '01-geldig-type1-zonder-gemachtigde.json');
    const doc = await formOf(ZI, model, '?lang=en');
    const english = (server.registry.baseData(ZI, 'en') as { ZorginstellingTypes: { Value: number; Documents: string[] }[] }).ZorginstellingTypes.find(
      (item) => item.Value === 1,
    )!;
    // The English of each document line of type 1, from the set's English file.
    const written = (writtenBaseData(ZI) as { ZorginstellingTypes: { Value: number; Documents: string[] }[] }).ZorginstellingTypes.find(
      (item) => item.Value === 1,
    )!;
    const translations = baseDataEnglish(ZI);
    expect(english.Documents).toEqual(written.Documents.map((_text, index) => englishAt(translations, `ZorginstellingTypes.1.Documents.${index}`)));
    expect(english.Documents).not.toEqual(written.Documents);
    expect(documentsOf(doc, 'Documents to enclose')).toEqual(english.Documents.map(stripTags));
  });

  it('type 8 with authorised applicant: the type 8 documents and the identity copy, both sign; names with diacritics print right', async () => {
    const base = fixture(ZI, '02-geldig-type8-postadres-en-gemachtigde.json');
    const model: FlowModel = {
      ...base,
      organisatie: { ...base.organisatie, organisatieNaam: 'Zorggroep Ñuñez B.V.' },
      wettelijkVertegenwoordiger: {
        ...base.wettelijkVertegenwoordiger,
        persoonsgegevens: { ...(base.wettelijkVertegenwoordiger.persoonsgegevens as object), voornamen: 'Łukasz', geboortenaam: 'Żółć' },
      },
      gemachtigdAanvrager: {
        ...base.gemachtigdAanvrager,
        persoonsgegevens: {
          ...(base.gemachtigdAanvrager.persoonsgegevens as object),
          voornamen: 'Zoë',
          tussenvoegsel: 'van der',
          geboortenaam: "Heijden-d'Hondt",
        },
      },
    };
    const doc = await formOf(ZI, model);
    expectTaggedA4(doc, `Aanvraagformulier: ${documentOf(ZI).title}`);
    expectEveryValue(doc, ZI, model);
    expect(documentsOf(doc)).toEqual([...institutionDocuments(8), enclosed.ziApplicantIdentity()]);
    expect(signersOf(doc)).toEqual([
      { role: role(ZI, 0), name: 'Łukasz Żółć' },
      { role: role(ZI, 1), name: "Zoë van der Heijden-d'Hondt" },
    ]);
    for (const name of ['Łukasz Żółć', "Zoë van der Heijden-d'Hondt", 'Zorggroep Ñuñez B.V.']) expect(doc.text).toContain(name);
    // The empty optional field of the visiting address, and the address fields under their own heading.
    expect(doc.text).toContain('-- Niet ingevuld');
    const subHeadings = ['organisatie.bezoekAdres', 'organisatie.postAdres', 'gemachtigdAanvrager.persoonsgegevens'].map((field) =>
      fieldTitle(documentOf(ZI), field),
    );
    expect(findAll(doc.tree, 'H3').map(textOf)).toEqual(expect.arrayContaining(subHeadings));
  });
});

describe('provider registration form', () => {
  const base = fixture(ZV, '02-geldig-artikel2-krm-mondhygienist-postadres-en-gemachtigde.json');

  it('article 1 (BIG): only the identity document, the provider signs alone', async () => {
    const model = fixture(ZV, '01-geldig-artikel1-arts-met-specialisme.json');
    const doc = await formOf(ZV, model);
    expectTaggedA4(doc, `Aanvraagformulier: ${documentOf(ZV).title}`);
    expectEveryValue(doc, ZV, model);
    expect(documentsOf(doc)).toEqual([enclosed.zvIdentity()]);
    expect(signersOf(doc)).toEqual([{ role: role(ZV, 0), name: 'Pieter van Dijk' }]);
    expectHowToSend(doc);
  });

  it('article 2, KRM, authorised applicant: the non-BIG documents and the identity copy, both sign', async () => {
    const doc = await formOf(ZV, base);
    expectEveryValue(doc, ZV, base);
    // The training title the flow derives from the register.
    expect(doc.text).toContain(
      referenceLabel(documentOf(ZV).baseData!, 'Opleidingstitels', derivedValue(documentOf(ZV), 'toetsingsGegevens', 'opleidingstitel')),
    );
    expect(documentsOf(doc)).toEqual([enclosed.zvIdentity(), ...enclosed.zvNotBig(), enclosed.zvApplicantIdentity()]);
    expect(signersOf(doc)).toEqual([
      { role: role(ZV, 0), name: 'Pieter van Dijk' },
      { role: role(ZV, 1), name: 'Sanne Bakker' },
    ]);
  });

  it('article 2 with quality register 4: the diploma documents too', async () => {
    const model = { ...base, toetsingsGegevens: { beroepsArtikel: 2, kwaliteitsregister: 4, opleidingstitel: 3 } };
    const doc = await formOf(ZV, model);
    expectEveryValue(doc, ZV, model);
    expect(documentsOf(doc)).toEqual([enclosed.zvIdentity(), ...enclosed.zvNotBig(), enclosed.zvDiploma(), enclosed.zvApplicantIdentity()]);
  });

  it('article 99 without authorised applicant: the non-BIG documents, no diploma, no identity copy of an applicant', async () => {
    const model = {
      ...base,
      gemachtigdAanvrager: { gemachtigdAanvragerAanwijzen: false },
      toetsingsGegevens: { beroepsArtikel: 99, solistischeHandelingen: 2 },
    };
    const doc = await formOf(ZV, model);
    expectEveryValue(doc, ZV, model);
    expect(documentsOf(doc)).toEqual([enclosed.zvIdentity(), ...enclosed.zvNotBig()]);
    expect(signersOf(doc).map((signer) => signer.role)).toEqual([role(ZV, 0)]);
  });

  it('in English when the portal is: language, title, fixed texts and the flow texts from its translation', async () => {
    const doc = await formOf(ZV, base, '?lang=en');
    // The flow's texts from its English file, keyed by where each text is.
    const english = flowEnglish(ZV);
    expectTaggedA4(doc, `Application form: ${englishAt(english, 'title')}`, 'en-GB');
    expect(documentsOf(doc, 'Documents to enclose')).toContain(englishAt(english, requiredDocumentKey(documentOf(ZV), 4)));
    expect(signersOf(doc, 'Signature').map((signer) => signer.role)).toEqual([
      englishAt(english, signerKey(documentOf(ZV), 0)),
      englishAt(english, signerKey(documentOf(ZV), 1)),
    ]);
    expect(section(doc.tree, 'Sending')).toBeDefined();
    expect(doc.text).toContain('Date (dd-mm-yyyy)');
    expect(doc.text).toContain('page 1 of');
    expect(doc.text).not.toContain('Ondertekening');
  });
});

describe('pass request form', () => {
  const article34 = fixture(PAS, '02-geldig-artikel34-kp-geen-abonnee-gemachtigde-buitenlands-adres.json');

  it('article 3 by the legal representative: variant in the title, cost line, no documents, the representative signs', async () => {
    const model = fixture(PAS, '01-geldig-artikel3-abonnee-wettelijk-vertegenwoordiger.json');
    const doc = await formOf(PAS, model);
    expectTaggedA4(doc, `Aanvraagformulier: ${documentOf(PAS).title} – ${variantTitle(documentOf(PAS), 'artikel3')}`);
    expectEveryValue(doc, PAS, model);
    expectCosts(doc, PAS);
    expect(section(doc.tree, 'Mee te sturen documenten')).toBeUndefined();
    expect(signersOf(doc)).toEqual([{ role: role(PAS, 0), name: 'Johanna Maria Jansen' }]);
    expectHowToSend(doc);
  });

  it('article 34, KP register, by an authorised applicant: no diploma documents, the applicant signs', async () => {
    const doc = await formOf(PAS, article34);
    expectTaggedA4(doc, `Aanvraagformulier: ${documentOf(PAS).title} – ${variantTitle(documentOf(PAS), 'artikel34')}`);
    expectEveryValue(doc, PAS, article34);
    expect(documentsOf(doc)).toEqual([]);
    expect(signersOf(doc)).toEqual([{ role: role(PAS, 1), name: 'Sanne de Bakker' }]);
  });

  it('article 34 with quality register 4: the diploma documents', async () => {
    const { kwaliteitsregisterRegistratienummer: _number, ...pashouder } = article34.gegevensPashouder;
    const model = { ...article34, gegevensPashouder: { ...pashouder, kwaliteitsregister: 4 } };
    const doc = await formOf(PAS, model);
    expectEveryValue(doc, PAS, model);
    expect(documentsOf(doc)).toEqual([enclosed.pasDiploma()]);
  });

  it('invalid data gets the error body, not a PDF', async () => {
    const model = { ...article34, contactGegevensPashouder: { ...article34.contactGegevensPashouder, emailAdres: 'geen-adres' } };
    const url = server.registry.get(PAS)!.content.documents.nl.confirmation.download!.url;
    const response = await server.postJson(url, model, session);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toBeNull();
    const body = await expectError(response, 400);
    expect(body.errors[0].extraInfo[0]).toBe('contactGegevensPashouder.emailAdres');
  });
});

describe('server-certificate application form (stored, by kenmerk)', () => {
  for (const name of ['01-geldig-abonnee-pasuitgifteorganisatie.json', '02-geldig-geen-abonnee-elektronische-handtekening.json']) {
    it(`${name}: kenmerk, every value, the cost line, the applicant signs`, async () => {
      const model = fixture(SC, name);
      const doc = await storedDocumentOf(SC, model, 'zovar');
      expectTaggedA4(doc, `Aanvraagformulier: ${flowTitle(documentOf(SC), 'zovar')}`);
      expect(doc.disposition).toBe(`attachment; filename="aanvraagformulier-${SC}-${doc.kenmerk}.pdf"`);
      expect(doc.text).toContain('ZOVAR');
      expect(tableRows(doc.tree)).toContainEqual({ label: 'Kenmerk', value: doc.kenmerk });
      expectEveryValue(doc, SC, model);
      expectCosts(doc, SC);
      expect(documentsOf(doc)).toEqual([]);
      const uwGegevens = model.uwGegevens as Record<string, string>;
      const name_ = [uwGegevens.aanvragerVoornamen, uwGegevens.aanvragerTussenvoegsel, uwGegevens.aanvragerGeboortenaam].filter(Boolean).join(' ');
      expect(signersOf(doc)).toEqual([{ role: role(SC, 0), name: name_ }]);
      expectHowToSend(doc);
    });
  }
});

describe('confirmations of submission of the delivery flows', () => {
  it('documents: what was received (files by name and size), when, kenmerk; nothing to sign', async () => {
    for (const name of ['01-geldig-volledig.json', '02-geldig-zonder-abonneenummer-zes-bestanden.json']) {
      const model = fixture(DOC, name);
      const doc = await storedDocumentOf(DOC, model, 'uzi');
      expectTaggedA4(doc, `Bevestiging van aanlevering: ${documentOf(DOC).title}`);
      expect(doc.disposition).toBe(`attachment; filename="bevestiging-${DOC}-${doc.kenmerk}.pdf"`);
      expectEveryValue(doc, DOC, model);
      const meta = tableRows(doc.tree).slice(0, 3);
      expect(meta).toEqual([
        { label: 'Kenmerk', value: doc.kenmerk },
        { label: 'Datum en tijd van ontvangst', value: expect.stringMatching(/^\d\d-\d\d-\d{4} \d\d:\d\d$/) },
        { label: 'Datum aanmaak', value: expect.stringMatching(/^\d\d-\d\d-\d{4}$/) },
      ]);
      expect(section(doc.tree, 'Ondertekening')).toBeUndefined();
      expect(section(doc.tree, 'Versturen')).toBeUndefined();
    }
  });

  for (const scenario of ['uzi', 'zovar'] as const) {
    it(`PKCS#10 (${scenario}): scenario wording, kenmerk, the file, a signature and how to send it`, async () => {
      const model = fixture(P10, '01-geldig.json');
      const doc = await storedDocumentOf(P10, model, scenario);
      // ZOVAR has a title of its own; uzi the flow's title.
      const title = scenario === 'zovar' ? scenarioTitle(documentOf(P10), 'zovar') : documentOf(P10).title;
      expectTaggedA4(doc, `Bevestiging van aanlevering: ${title}`);
      expect(findAll(doc.tree, 'H1').map(textOf)).toEqual([title]);
      expect(findAll(doc.tree, 'P').map(textOf)[0]).toBe(scenario === 'zovar' ? 'ZOVAR' : 'UZI-register');
      expectEveryValue(doc, P10, model);
      expect(signersOf(doc)).toEqual([{ role: role(P10, 0), name: '' }]);
      expectHowToSend(doc);
    });
  }
});
