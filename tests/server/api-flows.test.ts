/**
 * The flow and base-data endpoints of the real server over HTTP: the flow index, each resolved
 * flow document (per language), its precompiled validator module and the reference lists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationFile } from '../../renderer/core/translations';
import { expectError, startServer, type TestServer } from '../helpers/server';

// Every flow document in flows/ must be served.
const FLOW_IDS = readdirSync(path.join(process.cwd(), 'flows')).filter((name) => name.endsWith('.flow.json')).map((name) => name.replace(/\.flow\.json$/, ''));

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

/** Every path in `node` where an object has a `$ref` key. */
function refPaths(node: unknown, at = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => refPaths(item, `${at}[${index}]`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' ? [`${at}.$ref`] : refPaths(value, `${at}.${key}`)));
}

/** The written flow document and its English texts by path (empty when there are none). */
function writtenFlow(id: string): { title: string; steps: Array<{ id: string; title: string }> } {
  return JSON.parse(readFileSync(path.join('flows', `${id}.flow.json`), 'utf8'));
}

function englishMap(id: string): TranslationFile {
  const file = path.join('flows', 'i18n', `${id}.en.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

describe('GET /api/flows', () => {
  it('lists the flows with their titles and scenarios', async () => {
    const index = await getJson<FlowIndexItem[]>('/api/flows');
    expect(index.map((item) => item.id).sort()).toEqual([...FLOW_IDS].sort());
    const byId = new Map(index.map((item) => [item.id, item]));
    expect(byId.get('aanleveren-documenten')).toMatchObject({ title: 'Aanleveren documenten', scenarios: ['uzi'] });
    expect(byId.get('aanleveren-pkcs-10-bestand')).toMatchObject({ title: 'Aanleveren PKCS#10 bestand', scenarios: ['uzi', 'zovar'] });
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
    for (const step of flow.steps) expect(validators[step.id]).toMatch(new RegExp(`^/api/flows/${id}/versions/[0-9a-f]{64}/validators/${step.id}\\.js\\?v=[0-9a-f]{16}$`));
  });

  it('inlines the shared field definitions and the reference lists', async () => {
    const { flow } = await getJson<FlowAnswer>('/api/flows/aanleveren-documenten');
    const [stap1, stap2] = flow.steps;
    expect(stap1.schema.properties.abonneeNummer).toMatchObject({ type: 'string', format: 'abonneenummer', title: 'Abonneenummer' });
    expect(stap2.schema.properties.aanvraagType).toMatchObject({
      enum: [1, 2, 3, 4, 5],
      'x-enumNames': ['Nieuwe aanvraag', 'Verlenging', 'Intrekking', 'Wijziging', 'Anders'],
    });
  });

  it.each(FLOW_IDS)('%s: ?lang=en answers titles translated where a translation exists, Dutch otherwise', async (id) => {
    const written = writtenFlow(id);
    const en = englishMap(id);
    const { flow } = await getJson<FlowAnswer>(`/api/flows/${id}?lang=en`);
    expect(flow.title).toBe(en.title?.en ?? written.title);
    flow.steps.forEach((step, index) => expect(step.title).toBe(en[`steps.${written.steps[index].id}.title`]?.en ?? written.steps[index].title));
    // Same structure as the Dutch document: only texts may differ.
    const nl = await getJson<FlowAnswer>(`/api/flows/${id}`);
    expect(flow.steps.map((step) => [step.id, step.dataKey, step.schema.$id])).toEqual(
      nl.flow.steps.map((step) => [step.id, step.dataKey, step.schema.$id]),
    );
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

describe('GET /api/flows/:id/versions/:hash/validators/:step.js', () => {
  it.each(FLOW_IDS)('%s: an ES module per step without eval, holding that step only', async (id) => {
    const { flow, validators } = await getJson<FlowAnswer>(`/api/flows/${id}`);
    for (const step of flow.steps) {
      const response = await server.fetch(validators[step.id]);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript(;|$)/);
      expect(response.headers.get('cache-control')).toContain('immutable');
      const code = await response.text();
      // The module opens with a generated-file comment; the code itself starts with the factory.
      const withoutHeader = code.replace(/^(\s*\/\/[^\n]*\n)*\s*/, '');
      expect(withoutHeader.startsWith('export default function (require)')).toBe(true);
      expect(code).not.toContain('new Function');
      expect(code).not.toContain('eval(');
      expect(code).toContain(JSON.stringify(step.schema.$id));
      for (const other of flow.steps.filter((candidate) => candidate !== step)) expect(code).not.toContain(JSON.stringify(other.schema.$id));
      // Only what validation needs is embedded: no labels or messages of the step.
      expect(code).not.toContain('x-messages');
      if (step.schema.title) expect(code).not.toContain(JSON.stringify(step.schema.title));
    }
  });

  it('answers an unknown flow, version or step, and a ?v= that is not the module\'s own hash, with a 404 error body', async () => {
    const { validators } = await getJson<FlowAnswer>('/api/flows/aanleveren-documenten');
    const url = new URL(validators.stap1, server.baseUrl);
    const hash = url.pathname.split('/')[5];
    const v = url.searchParams.get('v')!;
    await expectError(await server.fetch(`/api/flows/onbekend/versions/${hash}/validators/stap1.js?v=${v}`), 404);
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versions/${'0'.repeat(64)}/validators/stap1.js?v=${v}`), 404);
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versions/${hash}/validators/stap9.js?v=${v}`), 404);
    // Cached for a year as immutable, so it is served only under its own hash.
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versions/${hash}/validators/stap1.js?v=${'f'.repeat(16)}`), 404);
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versions/${hash}/validators/stap1.js`), 404);
    await expectError(await server.fetch(`/api/flows/aanleveren-documenten/versions/${hash}/validators/stap2.js?v=${v}`), 404);
    expect((await server.fetch(validators.stap1)).status).toBe(200);
  });
});

describe('GET /api/base-data/:name', () => {
  it('answers the reference lists of aanleveren-documenten', async () => {
    const lists = await getJson<Record<string, Record<string, number>>>('/api/base-data/aanleveren-documenten');
    expect(Object.keys(lists).sort()).toEqual(['AanvraagOptions', 'TypeAanvraagOptions']);
    expect(lists.AanvraagOptions).toMatchObject({ 'Abonneeregistratie zorginstelling': 1, 'ZOVAR-servercertificaat': 6 });
    expect(lists.TypeAanvraagOptions).toEqual({ 'Nieuwe aanvraag': 1, Verlenging: 2, Intrekking: 3, Wijziging: 4, Anders: 5 });
  });

  it('answers the texts of the lists in English with ?lang=en or Accept-Language; values stay the same', async () => {
    type Types = { ZorginstellingTypes: { Value: number; Description: string; Documents: string[] }[] };
    const nl = await getJson<Types>('/api/base-data/abonneeregistratie-zorginstelling');
    const en = await getJson<Types>('/api/base-data/abonneeregistratie-zorginstelling?lang=en');
    const byHeader = await getJson<Types>('/api/base-data/abonneeregistratie-zorginstelling', { 'accept-language': 'en' });
    expect(byHeader).toEqual(en);
    expect(en.ZorginstellingTypes.map((type) => type.Value)).toEqual(nl.ZorginstellingTypes.map((type) => type.Value));
    expect(nl.ZorginstellingTypes[0].Documents[0]).toContain('uittreksel uit het Handelsregister');
    expect(en.ZorginstellingTypes[0].Documents[0]).toBe('An <strong>extract from the Trade Register</strong> of the Chamber of Commerce (not older than 6 months)');
    // Every document text has its English (flows:check guards the same).
    const dutch = new Set(nl.ZorginstellingTypes.flatMap((type) => type.Documents));
    for (const text of en.ZorginstellingTypes.flatMap((type) => type.Documents)) expect(dutch.has(text), text).toBe(false);
  });

  it('answers an unknown list with a 404 error body', async () => {
    const body = await expectError(await server.fetch('/api/base-data/onbekend'), 404);
    expect(body.errors[0].code).toBe('UREQ-02');
  });
});
