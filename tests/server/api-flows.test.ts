/**
 * The flow and base-data endpoints of the real server over HTTP: the flow index, each resolved
 * flow document (per language), its precompiled validator module and the reference lists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDocument, JsonSchema } from '../../renderer/core/types';
import { baseDataEnglish, englishAt, flowEnglish, referenceOptions, writtenBaseData, writtenFlow } from '../helpers/flowTexts';
import { expectError, startServer, type TestServer } from '../helpers/server';
import { compileShippedFlows } from '../../src/server/flows/sources';
import { initialStepData } from '../../renderer/core/formDefaults';
import { stepCodeNames } from '../../renderer/core/stepCode';

// Every flow document in flows/ must be served.
const FLOW_IDS = readdirSync(path.join(process.cwd(), 'flows'))
  .filter((name) => name.endsWith('.flow.json'))
  .map((name) => name.replace(/\.flow\.json$/, ''));

interface FlowIndexItem {
  id: string;
  scenarios: string[];
  title: string;
  headerName: string;
}

interface FlowStep {
  id: string;
  title: string;
  dataKey: string;
  schema: { $id?: string; title?: string; properties: Record<string, { title?: string }> };
}

interface FlowAnswer {
  flow: { id: string; title: string; headerName: string; steps: FlowStep[]; review: { title: string } };
  validators: Record<string, string>;
}

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

async function getJson<T>(urlPath: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await server.fetch(urlPath, { headers });
  expect(response.status, urlPath).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as T;
}

/** The shared field definitions as written (schemas/velden), by `$id`. */
const DEFINITIONS = new Map(
  readdirSync(path.join(process.cwd(), 'schemas', 'velden'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(process.cwd(), 'schemas', 'velden', name), 'utf8')) as JsonSchema)
    .map((definition) => [definition.$id!, definition]),
);

/**
 * Checks a served field against the field as written: its title is the one written next to it (a
 * `$ref`'s sibling wins) or in its definition, its options are those of its reference list in order,
 * and the same for every field inside it. Returns how many titles it compared.
 */
function expectResolvedField(written: JsonSchema, served: JsonSchema | undefined, set: string | undefined, where: string): number {
  expect(served, where).toBeDefined();
  const definition = typeof written.$ref === 'string' ? DEFINITIONS.get(written.$ref) : undefined;
  if (typeof written.$ref === 'string') expect(definition, `${where}: ${written.$ref}`).toBeDefined();
  let compared = 0;
  const title = written.title ?? definition?.title;
  if (title !== undefined) {
    expect(served!.title, where).toBe(title);
    compared += 1;
  }
  // Lists of the flow's reference data (the country list comes with the portal).
  const list = written['x-options'] ?? definition?.['x-options'];
  if (list !== undefined && set !== undefined && Object.hasOwn(writtenBaseData(set), list)) {
    const options = referenceOptions(set, list);
    expect(served!.enum, where).toEqual(options.map((option) => option.value));
    expect(served!['x-enumNames'], where).toEqual(options.map((option) => option.label));
  }
  const children = { ...definition?.properties, ...written.properties };
  for (const [name, child] of Object.entries(children)) compared += expectResolvedField(child, served!.properties?.[name], set, `${where}.${name}`);
  return compared;
}

/** Every path in `node` where an object has a `$ref` key. */
function refPaths(node: unknown, at = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => refPaths(item, `${at}[${index}]`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' ? [`${at}.$ref`] : refPaths(value, `${at}.${key}`)));
}

describe('GET /api/flows', () => {
  it('lists the flows with their titles and scenarios (outside production with the example flows)', async () => {
    const index = await getJson<FlowIndexItem[]>('/api/flows');
    const examples = readdirSync(path.join(process.cwd(), 'flows', 'voorbeelden'))
      .filter((name) => name.endsWith('.flow.json'))
      .map((name) => name.replace(/\.flow\.json$/, ''));
    expect(index.map((item) => item.id).sort()).toEqual([...FLOW_IDS, ...examples].sort());
    const byId = new Map(index.map((item) => [item.id, item]));
    for (const id of FLOW_IDS) {
      const written = writtenFlow(id);
      expect(byId.get(id), id).toMatchObject({ title: written.title, headerName: written.headerName, scenarios: written.scenarios });
    }
    expect(byId.get('aanleveren-pkcs-10-bestand')?.scenarios).toEqual(['uzi', 'zovar']);
  });
});

describe('GET /api/flows/:id', () => {
  it.each(FLOW_IDS)('%s: resolved, no $ref left anywhere', async (id) => {
    const answer = await getJson<FlowAnswer>(`/api/flows/${id}`);
    expect(answer.flow.id).toBe(id);
    expect(refPaths(answer.flow)).toEqual([]);
  });

  it.each(FLOW_IDS)('%s: every step schema has an $id', async (id) => {
    const { flow, validators } = await getJson<FlowAnswer>(`/api/flows/${id}`);
    expect(flow.steps.length).toBeGreaterThan(0);
    for (const step of flow.steps) {
      expect(step.schema.$id, step.id).toEqual(expect.any(String));
      expect(step.schema.$id).toContain(id);
    }
    expect(new Set(flow.steps.map((step) => step.schema.$id)).size).toBe(flow.steps.length);
    // One validator module per step, versioned by its content.
    expect(Object.keys(validators)).toEqual(flow.steps.map((step) => step.id));
    for (const step of flow.steps)
      expect(validators[step.id]).toMatch(new RegExp(`^/api/flows/${id}/versies/[0-9a-f]{64}/validatiemodules/${step.id}\\.js\\?v=[0-9a-f]{16}$`));
  });

  it.each(FLOW_IDS)('%s: comes with the data each step starts with, as the form works it out', async (id) => {
    const { flow, startData } = await getJson<FlowAnswer & { startData: Record<string, unknown> }>(`/api/flows/${id}`);
    const compiled = compileShippedFlows(process.cwd()).get(id)!;
    expect(Object.keys(startData)).toEqual(flow.steps.map((step) => step.id));
    for (const step of compiled.content.documents.nl.steps) expect(startData[step.id], step.id).toEqual(initialStepData(step, compiled.runtime.validators));
    // The defaults the flow gives are there (a Dutch address, the postal address equal to the visiting one).
    if (id === 'abonneeregistratie-zorgverlener') expect(JSON.stringify(startData.stap1)).toContain('"postadresIsGelijkAanBezoekAdres":true');
  });

  it.each(FLOW_IDS)('%s: names, per step, the code it renders that loads on demand', async (id) => {
    const { flow, code } = await getJson<FlowAnswer & { code: Record<string, string[]> }>(`/api/flows/${id}`);
    for (const step of flow.steps) expect(code[step.id], step.id).toEqual([...stepCodeNames([step as never])]);
    if (id === 'abonneeregistratie-zorgverlener') expect(code.stap1).toContain('Address');
    if (id === 'aanleveren-pkcs-10-bestand') expect(code.stap1).toContain('ArrayField');
  });

  it('inlines the shared field definitions and the reference lists', async () => {
    const { flow } = await getJson<FlowAnswer>('/api/flows/aanleveren-documenten');
    const [stap1, stap2] = flow.steps;
    // Type and format from the shared definition, the title the flow gives it next to the $ref.
    const written = writtenFlow('aanleveren-documenten');
    expect(written.steps[0].schema.properties?.abonneeNummer).toMatchObject({ $ref: 'urn:uzi-portaal:veld:abonneenummer', title: expect.any(String) });
    expect(stap1.schema.properties.abonneeNummer).toMatchObject({
      type: 'string',
      format: 'abonneenummer',
      title: written.steps[0].schema.properties?.abonneeNummer.title,
    });
    // The options of the reference list, in the order of their values.
    const types = writtenBaseData('aanleveren-documenten').TypeAanvraagOptions as Record<string, number>;
    const labelOf = new Map(Object.entries(types).map(([label, value]) => [value, label]));
    expect(stap2.schema.properties.aanvraagType).toMatchObject({
      enum: [1, 2, 3, 4, 5],
      'x-enumNames': [1, 2, 3, 4, 5].map((value) => labelOf.get(value)),
    });
  });

  it.each(FLOW_IDS)('%s: every field has the title written next to it or in its definition, and the options of its reference list', async (id) => {
    const written = writtenFlow(id);
    const { flow } = await getJson<{ flow: FlowDocument }>(`/api/flows/${id}`);
    let compared = 0;
    written.steps.forEach((step, index) => {
      for (const [name, field] of Object.entries(step.schema.properties ?? {})) {
        compared += expectResolvedField(field, flow.steps[index].schema.properties?.[name], written.baseData, `${step.dataKey}.${name}`);
      }
    });
    expect(compared).toBeGreaterThan(0);
  });

  it.each(FLOW_IDS)('%s: ?lang=en answers titles translated where a translation exists, Dutch otherwise', async (id) => {
    const written = writtenFlow(id);
    const en = flowEnglish(id);
    const { flow } = await getJson<FlowAnswer>(`/api/flows/${id}?lang=en`);
    expect(flow.title).toBe(en.title?.en ?? written.title);
    flow.steps.forEach((step, index) => expect(step.title).toBe(en[`steps.${written.steps[index].id}.title`]?.en ?? written.steps[index].title));
    // Same structure as the Dutch document: only texts may differ.
    const nl = await getJson<FlowAnswer>(`/api/flows/${id}`);
    expect(flow.steps.map((step) => [step.id, step.dataKey, step.schema.$id])).toEqual(nl.flow.steps.map((step) => [step.id, step.dataKey, step.schema.$id]));
  });

  it('picks the language from Accept-Language as well', async () => {
    const byQuery = await getJson<FlowAnswer>('/api/flows/aanleveren-pkcs-10-bestand?lang=en');
    const byHeader = await getJson<FlowAnswer>('/api/flows/aanleveren-pkcs-10-bestand', { 'accept-language': 'en-GB,en;q=0.8' });
    expect(byHeader.flow).toEqual(byQuery.flow);
  });

  it('answers an unknown flow with a 404 error body', async () => {
    const body = await expectError(await server.fetch('/api/flows/onbekend'), 404);
    expect(body.errors).toEqual([{ code: 'UREQ-02', extraInfo: [] }]);
  });
});

describe('GET /api/flows/:id/versies/:hash/validatiemodules/:step.js', () => {
  it.each(FLOW_IDS)('%s: an ES module per step without eval, holding that step only', async (id) => {
    const { flow, validators } = await getJson<FlowAnswer>(`/api/flows/${id}`);
    for (const step of flow.steps) {
      const response = await server.fetch(validators[step.id]);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript(;|$)/);
      expect(response.headers.get('cache-control')).toContain('immutable');
      const code = await response.text();
      // The module opens with a generated-file comment, and is sent minified: a factory as its default export.
      expect(code.startsWith(`// Gegenereerd uit flow '${id}'`)).toBe(true);
      const factory = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: unknown };
      expect(factory.default).toBeTypeOf('function');
      expect(code).not.toContain('new Function');
      expect(code).not.toContain('eval(');
      expect(code).toContain(JSON.stringify(step.schema.$id));
      for (const other of flow.steps.filter((candidate) => candidate !== step)) expect(code).not.toContain(JSON.stringify(other.schema.$id));
      // Only what validation needs is embedded: no labels or messages of the step.
      expect(code).not.toContain('x-messages');
      if (step.schema.title) expect(code).not.toContain(JSON.stringify(step.schema.title));
    }
  });

  it("answers an unknown flow, version or step, and a ?v= that is not the module's own hash, with a 404 error body", async () => {
    const { validators } = await getJson<FlowAnswer>('/api/flows/aanleveren-documenten');
    const url = new URL(validators.stap1, server.baseUrl);
    const hash = url.pathname.split('/')[5];
    const v = url.searchParams.get('v')!;
    await expectError(await server.fetch(`/api/flows/onbekend/versies/${hash}/validatiemodules/stap1.js?v=${v}`), 404);
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versies/${'0'.repeat(64)}/validatiemodules/stap1.js?v=${v}`), 404);
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versies/${hash}/validatiemodules/stap9.js?v=${v}`), 404);
    // Cached for a year as immutable, so it is served only under its own hash.
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versies/${hash}/validatiemodules/stap1.js?v=${'f'.repeat(16)}`), 404);
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versies/${hash}/validatiemodules/stap1.js`), 404);
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versies/${hash}/validatiemodules/stap2.js?v=${v}`), 404);
    // Only a module's own name: without `.js`, or with another extension, is not found.
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versies/${hash}/validatiemodules/stap1?v=${v}`), 404);
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versies/${hash}/validatiemodules/stap1.json?v=${v}`), 404);
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versies/${hash}/validatiemodules/.js?v=${v}`), 404);
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versies/${hash}/validatiemodules/constructor.js?v=${v}`), 404);
    expect((await server.fetch(validators.stap1)).status).toBe(200);
  });
});

describe('GET /api/base-data/:name', () => {
  it('answers the reference lists of aanleveren-documenten', async () => {
    const lists = await getJson<Record<string, Record<string, number>>>('/api/base-data/aanleveren-documenten');
    expect(Object.keys(lists).sort()).toEqual(['AanvraagOptions', 'TypeAanvraagOptions']);
    expect(Object.values(lists.AanvraagOptions)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Object.values(lists.TypeAanvraagOptions)).toEqual([1, 2, 3, 4, 5]);
    expect(lists).toEqual(writtenBaseData('aanleveren-documenten'));
  });

  it('answers the texts of the lists in English with ?lang=en or Accept-Language; values stay the same', async () => {
    type Types = { ZorginstellingTypes: { Value: number; Description: string; Documents: string[] }[] };
    const nl = await getJson<Types>('/api/base-data/abonneeregistratie-zorginstelling');
    const en = await getJson<Types>('/api/base-data/abonneeregistratie-zorginstelling?lang=en');
    const byHeader = await getJson<Types>('/api/base-data/abonneeregistratie-zorginstelling', { 'accept-language': 'en' });
    expect(byHeader).toEqual(en);
    expect(en.ZorginstellingTypes.map((type) => type.Value)).toEqual(nl.ZorginstellingTypes.map((type) => type.Value));
    expect(nl).toEqual(writtenBaseData('abonneeregistratie-zorginstelling'));
    // Each text from its entry in the set's English file, keyed by list, item Value, field and index.
    const english = baseDataEnglish('abonneeregistratie-zorginstelling');
    for (const type of en.ZorginstellingTypes) {
      expect(type.Description).toBe(englishAt(english, `ZorginstellingTypes.${type.Value}.Description`));
      type.Documents.forEach((text, index) => expect(text).toBe(englishAt(english, `ZorginstellingTypes.${type.Value}.Documents.${index}`)));
    }
    // Every document text has its English (flows:check guards the same).
    const dutch = new Set(nl.ZorginstellingTypes.flatMap((type) => type.Documents));
    for (const text of en.ZorginstellingTypes.flatMap((type) => type.Documents)) expect(dutch.has(text), text).toBe(false);
  });

  it('answers an unknown list with a 404 error body', async () => {
    const body = await expectError(await server.fetch('/api/base-data/onbekend'), 404);
    expect(body.errors[0].code).toBe('UREQ-02');
  });
});
