/**
 * The texts of the definitions, read from the definitions rather than written into the tests.
 *
 * Labels, titles, messages, document lines and reference-data texts in `flows/`, `schemas/velden/`
 * and `data/base-data/` belong to the functional administrators, who correct them without touching
 * code. A test of a mechanic (validation, messages, printed documents, versions) takes those texts
 * from the served or written documents with these helpers, so a correction does not break it; the
 * schema fixtures and the e2e specs own the wording. The spec's message catalogue
 * (`renderer/core/i18n/messages.*.json`) and the portal's own fixed texts may stay literal.
 *
 *   const flow = await servedFlow(server, 'aanleveren-documenten');
 *   fieldMessage(flow, 'gegevens.abonneeNaam', 'validation.required')
 *   // -> "Het veld '<title of abonneeNaam>' is niet ingevuld."
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import enMessages from '../../renderer/core/i18n/messages.en.json';
import nlMessages from '../../renderer/core/i18n/messages.nl.json';
import type { TranslationFile } from '../../renderer/core/translations';
import type { ContentBlock, CrossFieldRule, FlowDocument, JsonSchema, StepDefinition } from '../../renderer/core/types';
import type { TestServer } from './server';

export type TextLang = 'nl' | 'en';
export type TextValues = Record<string, string | number>;

const CATALOGUE: Record<TextLang, Record<string, string>> = { nl: nlMessages, en: enMessages };

/**
 * Fills the `{name}` placeholders of a text. Written here rather than taken from the code under
 * test; every value given must have its placeholder, so a test cannot silently stop covering one.
 */
export function fill(template: string, values: TextValues): string {
  for (const name of Object.keys(values)) {
    if (!template.includes(`{${name}}`)) throw new Error(`de tekst ${JSON.stringify(template)} heeft geen {${name}}`);
  }
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (placeholder: string, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder));
}

/** A message of the spec's catalogue (`renderer/core/i18n/messages.<lang>.json`) with its placeholders filled. */
export function catalogueMessage(key: string, values: TextValues = {}, lang: TextLang = 'nl'): string {
  const template = CATALOGUE[lang][key];
  if (template === undefined) throw new Error(`de catalogus (${lang}) kent ${key} niet`);
  return fill(template, values);
}

/** The flow document the server serves (resolved: `$ref`s and option lists inlined), in Dutch or English. */
export async function servedFlow(server: Pick<TestServer, 'fetch'>, id: string, lang: TextLang = 'nl'): Promise<FlowDocument> {
  const response = await server.fetch(`/api/flows/${id}${lang === 'en' ? '?lang=en' : ''}`);
  if (response.status !== 200) throw new Error(`GET /api/flows/${id}: status ${response.status}`);
  return ((await response.json()) as { flow: FlowDocument }).flow;
}

/** The step whose data is under `dataKey`. */
export function stepOf(flow: FlowDocument, dataKey: string): StepDefinition {
  const step = flow.steps.find((candidate) => candidate.dataKey === dataKey);
  if (!step) throw new Error(`${flow.id} heeft geen stap met dataKey ${dataKey}`);
  return step;
}

/** The schema of a field by its model path (`dataKey.field.subfield`) in a resolved flow document. */
export function fieldSchema(flow: FlowDocument, modelPath: string): JsonSchema {
  const [dataKey, ...fieldPath] = modelPath.split('.');
  let schema = stepOf(flow, dataKey).schema;
  for (const name of fieldPath) {
    const child = schema.properties?.[name];
    if (!child) throw new Error(`${flow.id} heeft geen veld ${modelPath}`);
    schema = child;
  }
  return schema;
}

/** The title (label) of a field, as written, placeholders and all. */
export function fieldTitle(flow: FlowDocument, modelPath: string): string {
  const { title } = fieldSchema(flow, modelPath);
  if (typeof title !== 'string' || title === '') throw new Error(`${flow.id}: het veld ${modelPath} heeft geen titel`);
  return title;
}

/** The catalogue message `key` for a field: its title as `{label}`, plus `values`. */
export function fieldMessage(flow: FlowDocument, modelPath: string, key: string, values: TextValues = {}, lang: TextLang = 'nl'): string {
  return catalogueMessage(key, { label: fieldTitle(flow, modelPath), ...values }, lang);
}

/** A cross-field rule of the step under `dataKey`, by its id. */
export function ruleOf(flow: FlowDocument, dataKey: string, id: string): CrossFieldRule {
  const rule = stepOf(flow, dataKey).rules?.find((candidate) => candidate.id === id);
  if (!rule) throw new Error(`${flow.id}: de stap ${dataKey} heeft geen regel ${id}`);
  return rule;
}

/** The text a flow variable of the form `{ if: [condition, then, else] }` yields in the chosen branch. */
export function variableText(flow: FlowDocument, name: string, branch: 'then' | 'else'): string {
  const logic = flow.variables?.[name] as { if?: unknown[] } | undefined;
  const outcome = logic?.if?.[branch === 'then' ? 1 : 2];
  if (logic?.if?.length !== 3 || typeof outcome !== 'string') throw new Error(`${flow.id}: de variabele ${name} is geen if met twee teksten`);
  return outcome;
}

/** The title of a variant (`artikel3`, …). */
export function variantTitle(flow: FlowDocument, id: string): string {
  const title = flow.variants?.find((variant) => variant.id === id)?.title;
  if (!title) throw new Error(`${flow.id} heeft geen variant ${id} met een titel`);
  return title;
}

/** The title of the flow for a scenario that has one of its own (`scenarioTitles`). */
export function scenarioTitle(flow: FlowDocument, scenario: 'uzi' | 'zovar'): string {
  const title = flow.scenarioTitles?.[scenario];
  if (!title) throw new Error(`${flow.id} heeft geen eigen titel voor ${scenario}`);
  return title;
}

/** The fixed text of item `index` of the flow's `requiredDocuments` block. */
export function requiredDocument(flow: FlowDocument, index: number): string {
  const block = flow.confirmation.blocks.find((candidate) => candidate.kind === 'requiredDocuments');
  const item = block?.kind === 'requiredDocuments' ? block.items[index] : undefined;
  if (!item || !('text' in item)) throw new Error(`${flow.id}: requiredDocuments heeft geen vaste tekst op plaats ${index}`);
  return item.text;
}

/** The key of that text in the flow's English file (the block and the document named by their ids). */
export function requiredDocumentKey(flow: FlowDocument, index: number): string {
  requiredDocument(flow, index);
  const block = flow.confirmation.blocks.find((candidate) => candidate.kind === 'requiredDocuments');
  const item = block?.kind === 'requiredDocuments' ? block.items[index] : undefined;
  if (!block?.id || !item?.id) throw new Error(`${flow.id}: requiredDocuments of document ${index} heeft geen id`);
  return `confirmation.blocks.${block.id}.items.${item.id}.text`;
}

/** The key of the role of signer `index` in the flow's English file (the signer named by its id). */
export function signerKey(flow: FlowDocument, index: number): string {
  const id = flow.confirmation.download?.signers?.[index]?.id;
  if (!id) throw new Error(`${flow.id}: ondertekenaar ${index} heeft geen id`);
  return `confirmation.download.signers.${id}.title`;
}

/** The value a `derive` rule of the step under `dataKey` sets in `field` (a constant). */
export function derivedValue(flow: FlowDocument, dataKey: string, field: string): unknown {
  const rule = stepOf(flow, dataKey).derive?.find((candidate) => candidate.field === field);
  if (!rule) throw new Error(`${flow.id}: de stap ${dataKey} leidt ${field} niet af`);
  return rule.value;
}

/** The roles of the signers of the printed form, in order. */
export function signerTitles(flow: FlowDocument): string[] {
  return (flow.confirmation.download?.signers ?? []).map((signer) => signer.title);
}

/** The texts of the blocks of one kind (`heading`, `paragraph`) in a list of content blocks. */
export function blockTexts(blocks: ContentBlock[] | undefined, kind: 'heading' | 'paragraph'): string[] {
  return (blocks ?? []).flatMap((block) => (block.kind === kind ? [block.text] : []));
}

// ---------------------------------------------------------------------------------------------
// The definitions as written (relative to the working directory, like the server's APP_ROOT)

function readJson<T>(...parts: string[]): T {
  return JSON.parse(readFileSync(path.join(process.cwd(), ...parts), 'utf8')) as T;
}

/** A flow document as written in `flows/<id>.flow.json` (`$ref`s and option lists not resolved). */
export function writtenFlow(id: string): FlowDocument {
  return readJson<FlowDocument>('flows', `${id}.flow.json`);
}

/** The English of a flow's own texts, `flows/i18n/<id>.en.json` (empty when the flow has none). */
export function flowEnglish(id: string): TranslationFile {
  return existsSync(path.join(process.cwd(), 'flows', 'i18n', `${id}.en.json`)) ? readJson<TranslationFile>('flows', 'i18n', `${id}.en.json`) : {};
}

/** A reference-data set as written in `data/base-data/<set>.json`. */
export function writtenBaseData(set: string): Record<string, unknown> {
  return readJson<Record<string, unknown>>('data', 'base-data', `${set}.json`);
}

/**
 * The options of a list of a reference-data set as written, in order: a label -> value map, or
 * items with `Value` and a `Description` or `Name`.
 */
export function referenceOptions(set: string, list: string): { value: unknown; label: string }[] {
  const written = writtenBaseData(set)[list];
  if (Array.isArray(written)) {
    return (written as { Value: unknown; Description?: string; Name?: string }[]).map((item) => ({
      value: item.Value,
      label: item.Description ?? item.Name ?? String(item.Value),
    }));
  }
  if (!written || typeof written !== 'object') throw new Error(`${set} heeft geen lijst ${list}`);
  return Object.entries(written as Record<string, unknown>).map(([label, value]) => ({ value, label }));
}

/** The text of the option with `value` in a list of a reference-data set as written. */
export function referenceLabel(set: string, list: string, value: unknown): string {
  const option = referenceOptions(set, list).find((candidate) => candidate.value === value);
  if (!option) throw new Error(`${set}: ${list} heeft geen waarde ${JSON.stringify(value)}`);
  return option.label;
}

/** The English of a reference-data set, `data/base-data/i18n/<set>.en.json`. */
export function baseDataEnglish(set: string): TranslationFile {
  return readJson<TranslationFile>('data', 'base-data', 'i18n', `${set}.en.json`);
}

/** The English entry at `key` of a translation file (throws when there is none). */
export function englishAt(file: TranslationFile, key: string): string {
  const entry = file[key];
  if (!entry?.en) throw new Error(`geen Engelse tekst voor ${key}`);
  return entry.en;
}
