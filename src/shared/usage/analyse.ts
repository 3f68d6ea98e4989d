/**
 * Where a field, an option or a step is used in a flow document, and what removing it along does to
 * each use (see logic.ts for how a rule changes). Pure: the document goes in parsed, the edits come
 * out as paths; the editor applies them to the text and to the English texts (english.ts).
 *
 * Policy, so that the structured editor can always finish what it started:
 * - a field whose rule read the removed field keeps its rule without that condition;
 * - content (a box, a block, a document to send, a signer) shown only for an answer of the removed
 *   field goes with it; a condition that no longer says anything goes;
 * - a check or a derived value that reads the removed field goes;
 * - a computed text reads no value from it any more;
 * - references by name (the printed name of a signer, a list that follows a choice, an option
 *   filter, a reset, the file check's compare field, the name in an upload, a box placed after the
 *   field) are taken out;
 * - for a removed option, comparisons with it are decided and the value leaves lists; a field
 *   shown only for that option is removed along (with its own uses).
 */
import {
  dataKeyOf,
  fieldKeys,
  fieldLabel,
  fieldSchema,
  isObject,
  list,
  quote,
  stepsOf,
  stepTitle,
  textOf,
  uiPath,
  propertyPath,
  valueAt,
  within,
  type Definitions,
  type Json,
} from './document';
import { conditionWithoutField, conditionWithoutOption, readsTarget, valueWithoutField, valueWithoutOption, type ConditionOutcome, type Reads } from './logic';
import { blockLists, blockName, boxName, documentName, rulePlaces, signerName, signersOf, type RulePlace } from './places';
import { placeholderUses } from './placeholders';
import type { DocPath, Edit, OwnPart, Target, Usage, Use } from './types';

export interface AnalyseOptions {
  /** Shared field definitions by `$id` (labels of the fields inside one). */
  definitions?: Definitions;
  /** The option's label, for an option (its text, or the name in its reference list). */
  optionLabel?: string;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const idOf = (path: DocPath) => path.join('/');
/** A removed list item takes an emptied list with it, except the documents of a block (its `items` must stay). */
const removeItem = (path: DocPath): Edit => ({ op: 'remove', path, prune: path.at(-2) !== 'items' });

/**
 * A computed text that came out as one value, written as a rule (a flow's `variables` are rules):
 * `{ "if": [value] }` yields the value and keeps a text translatable where it was.
 */
const asRule = (value: unknown): unknown => (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { if: [value] });

/** The model path a `var` name stands for in a place (a `./field` is read within its repeating group). */
const resolver = (place: RulePlace) => (name: string) => (name.startsWith('./') && place.base ? `${place.base}.${name.slice(2)}` : name);

/** How a place in a step names that step: not at all on the step of the target, else "in de stap ‘…’". */
function stepNamer(document: Json, home: number) {
  const steps = stepsOf(document);
  return (index: number) => (index === home ? '' : ` in de stap ${quote(stepTitle(steps[index] ?? {}, index))}`);
}

/** Analyses a target (see the module's comment); an unknown target has no uses. */
export function analyse(document: Json, target: Target, options: AnalyseOptions = {}): Usage {
  if (target.kind === 'step') return stepUsage(document, target.step, options);
  if (target.kind === 'option') return optionUsage(document, target.step, target.key, target.value, options);
  return fieldUsage(document, target.step, target.key, options);
}

// ---------------------------------------------------------------------------------------------
// A field

/** The edits that take a field itself out of its step, with what the step says of it. */
function ownEdits(document: Json, stepIndex: number, key: string): { edits: Edit[]; own: OwnPart[] } {
  const step = stepsOf(document)[stepIndex] ?? {};
  const at = (...path: DocPath) => ['steps', stepIndex, ...path];
  const inField = (name: unknown) => typeof name === 'string' && (name === key || name.startsWith(`${key}.`));
  const [group, sub] = key.split('.', 2);
  const edits: Edit[] = [{ op: 'remove', path: at('schema', ...propertyPath(key)) }];
  const own: OwnPart[] = [];
  const requiredPath = sub === undefined ? at('schema', 'required') : at('schema', 'properties', group, 'items', 'required');
  const required = valueAt(document, requiredPath);
  const name = sub ?? group;
  if (Array.isArray(required) && required.includes(name)) edits.push({ op: 'set', path: requiredPath, value: required.filter((entry) => entry !== name) });
  if (valueAt(step, ['uiSchema', ...uiPath(key)]) !== undefined) {
    edits.push({ op: 'remove', path: at('uiSchema', ...uiPath(key)) });
    own.push({ text: 'de weergave-instellingen (zoals de hulptekst en het invoerelement)' });
  }
  const messages = Object.keys(isObject(step.messages) ? step.messages : {}).filter(inField);
  for (const field of messages) edits.push({ op: 'remove', path: at('messages', field), prune: true });
  const count = messages.reduce((total, field) => {
    const own = (step.messages as Json)[field];
    return total + (isObject(own) ? Object.keys(own).length : 0);
  }, 0);
  if (count > 0) own.push({ text: count === 1 ? 'de eigen melding' : `de ${count} eigen meldingen` });
  const rules = Object.keys(isObject(step.visibleIf) ? step.visibleIf : {}).filter(inField);
  for (const field of rules) edits.push({ op: 'remove', path: at('visibleIf', field), prune: true });
  if (rules.length > 0) own.push({ text: 'de eigen regel ‘Wanneer tonen’' });
  list(step.rules).forEach((rule, index) => {
    if (!isObject(rule) || !inField(rule.field)) return;
    edits.push({ op: 'remove', path: at('rules', index), prune: true });
    own.push({ text: `de controle ${quote(textOf(rule.message) ?? textOf(rule.id) ?? '', 50)}` });
  });
  list(step.derive).forEach((derive, index) => {
    if (!isObject(derive) || !inField(derive.field)) return;
    edits.push({ op: 'remove', path: at('derive', index), prune: true });
    own.push({ text: 'de waarde die de flow zelf invult' });
  });
  return { edits, own };
}

/** A use of a rule place, by the policy of the module's comment. */
function ruleUse(place: RulePlace, outcome: ConditionOutcome, about: string, how: 'field' | 'option'): Use {
  const base = { id: idOf(place.path), text: place.text, breaks: true, preselect: true };
  const subject = place.subject;
  if (place.role === 'check' || place.role === 'derive')
    return { ...base, remedy: `${subject} wordt verwijderd.`, edits: [{ op: 'remove', path: place.item, prune: true }] };
  if (outcome === 'never') {
    const reason = how === 'field' ? `het zou zonder ${about} nooit meer getoond worden` : `het werd alleen getoond bij ${about}`;
    return { ...base, remedy: `${subject} wordt verwijderd: ${reason}.`, edits: [removeItem(place.item)] };
  }
  if (outcome === 'always')
    return {
      ...base,
      remedy: `De voorwaarde over ${about} vervalt; ${subject.charAt(0).toLowerCase()}${subject.slice(1)} wordt dan altijd getoond.`,
      edits: [{ op: 'remove', path: place.path, prune: true }],
    };
  const remedy =
    how === 'field'
      ? `De voorwaarde over ${about} gaat uit de regel; de andere voorwaarden blijven.`
      : `${capital(about)} gaat uit de regel; de andere voorwaarden blijven.`;
  return { ...base, remedy, edits: [{ op: 'set', path: place.path, value: outcome.rule }] };
}

/**
 * The uses of model paths that are removed (a field, or every field of a step): `home` is the step
 * the sentences need not name, `gone` a step that is removed whole (what is in it goes with it),
 * `skip` the rules that go with the target.
 */
function removedPathUses(
  document: Json,
  reads: (name: string) => boolean,
  about: string,
  where: { home: number; gone?: number },
  skip: (place: RulePlace) => boolean,
  options: AnalyseOptions,
): Use[] {
  const { home, gone } = where;
  const uses: Use[] = [];
  const inStep = stepNamer(document, home);
  for (const place of rulePlaces(document, inStep, options.definitions)) {
    if (skip(place) || (gone !== undefined && place.step === gone)) continue;
    const resolve = resolver(place);
    const placeReads: Reads = (name) => reads(resolve(name));
    if (!readsTarget(place.rule, placeReads)) continue;
    if (place.role === 'text') {
      const used = placeholderUses(document, place.path[1] as string);
      uses.push({
        id: idOf(place.path),
        text: `${place.text}${used}`,
        remedy: `${capital(about)} telt niet meer mee in deze tekst.`,
        breaks: true,
        preselect: true,
        edits: [{ op: 'set', path: place.path, value: asRule(valueWithoutField(place.rule, placeReads)) }],
      });
      continue;
    }
    const outcome = place.role === 'field' ? conditionWithoutField(place.rule, placeReads, 'drop') : conditionWithoutField(place.rule, placeReads, 'absent');
    uses.push(ruleUse(place, outcome, about, 'field'));
  }
  for (const { path, signer } of signersOf(document)) {
    const names = list(signer.nameFrom).filter((name): name is string => typeof name === 'string');
    const rest = names.filter((name) => !reads(name));
    if (rest.length === names.length) continue;
    uses.push({
      id: idOf([...path, 'nameFrom']),
      text: `de naam van ${signerName(signer)}`,
      remedy:
        rest.length > 0 ? `${capital(about)} wordt niet meer in de naam gedrukt.` : 'Er wordt geen naam meer gedrukt; de ondertekenaar schrijft die zelf op.',
      breaks: true,
      preselect: true,
      edits: [rest.length > 0 ? { op: 'set', path: [...path, 'nameFrom'], value: rest } : { op: 'remove', path: [...path, 'nameFrom'] }],
    });
  }
  for (const blocks of blockLists(document)) {
    if (gone !== undefined && blocks.step === gone) continue;
    blocks.blocks.forEach((block, index) => {
      if (!isObject(block)) return;
      const path = [...blocks.path, index];
      if (block.kind === 'optionItems' && typeof block.valueFrom === 'string' && reads(block.valueFrom)) {
        uses.push({
          id: idOf(path),
          text: `${blockName(block)} ${blocks.where}`,
          remedy: `Wordt verwijderd: de lijst volgt het antwoord op ${about}.`,
          breaks: true,
          preselect: true,
          edits: [{ op: 'remove', path }],
        });
      }
      if (block.kind !== 'requiredDocuments') return;
      list(block.items).forEach((item, itemIndex) => {
        if (!isObject(item) || typeof item.valueFrom !== 'string' || !reads(item.valueFrom)) return;
        const itemPath = [...path, 'items', itemIndex];
        uses.push({
          id: idOf(itemPath),
          text: `${documentName(item)} ${blocks.where}`,
          remedy: `Wordt verwijderd: de documenten volgen het antwoord op ${about}.`,
          breaks: true,
          preselect: true,
          edits: [{ op: 'remove', path: itemPath }],
        });
      });
    });
  }
  const submit = isObject(document.submit) ? document.submit : {};
  for (const [name, sent] of Object.entries(isObject(submit.names) ? submit.names : {})) {
    if (!reads(name)) continue;
    uses.push({
      id: idOf(['submit', 'names', name]),
      text: `de naam waaronder ${about} wordt verstuurd (${quote(String(sent))})`,
      remedy: 'Die naam vervalt.',
      breaks: true,
      preselect: true,
      edits: [{ op: 'remove', path: ['submit', 'names', name], prune: true }],
    });
  }
  stepsOf(document).forEach((step, index) => {
    if (index === gone) return;
    for (const key of fieldKeys(step)) {
      const filter = valueAt(step, ['schema', ...propertyPath(key), 'x-optionsFilter']);
      if (!isObject(filter) || typeof filter.by !== 'string' || !reads(filter.by)) continue;
      const label = fieldLabel(step, key, options.definitions);
      uses.push({
        id: idOf(['steps', index, 'schema', ...propertyPath(key), 'x-optionsFilter']),
        text: `het filter op de keuzes van ${label}${inStep(index)}`,
        remedy: `De keuzes van ${label} worden niet meer gefilterd op ${about}.`,
        breaks: true,
        preselect: true,
        edits: [{ op: 'remove', path: ['steps', index, 'schema', ...propertyPath(key), 'x-optionsFilter'] }],
      });
    }
  });
  return uses;
}

/** Whether an `if` of the schema (or of one of its `allOf` parts) tests the property `key`. */
function testedByCondition(schema: Json, key: string): boolean {
  const condition = schema.if;
  if (isObject(condition) && isObject(condition.properties) && key in condition.properties) return true;
  return list(schema.allOf).some((part) => isObject(part) && testedByCondition(part, key));
}

/** Uses of a field within its own step by its key: resets, the file check, a box placed after it, the field order, dependencies. */
function sameStepUses(document: Json, stepIndex: number, key: string, about: string, options: AnalyseOptions): { uses: Use[]; remaining: string[] } {
  const step = stepsOf(document)[stepIndex] ?? {};
  const uses: Use[] = [];
  const remaining: string[] = [];
  const at = (...path: DocPath) => ['steps', stepIndex, ...path];
  const name = key.split('.').at(-1) as string;
  // Resets and the file check name fields beside them: of the step, or of the same repeating group's item.
  const group = key.includes('.') ? `${key.split('.')[0]}.` : undefined;
  const siblings = fieldKeys(step).filter((other) => other !== key && !other.startsWith(`${key}.`) && (group ? other.startsWith(group) : !other.includes('.')));
  for (const other of siblings) {
    const schema = valueAt(step, ['schema', ...propertyPath(other)]);
    if (!isObject(schema)) continue;
    const label = fieldLabel(step, other, options.definitions);
    const resets = list(schema['x-resetOn']);
    if (resets.includes(name)) {
      const rest = resets.filter((entry) => entry !== name);
      const path = at('schema', ...propertyPath(other), 'x-resetOn');
      uses.push({
        id: idOf(path),
        text: `het leegmaken van ${label} als ${about} verandert`,
        remedy: `${label} wordt niet meer leeggemaakt als ${about} verandert.`,
        breaks: true,
        preselect: true,
        edits: [rest.length > 0 ? { op: 'set', path, value: rest } : { op: 'remove', path }],
      });
    }
    const files = schema['x-files'];
    if (isObject(files) && files.checkField === name) {
      const path = at('schema', ...propertyPath(other), 'x-files', 'checkField');
      uses.push({
        id: idOf(path),
        text: `de controle van het bestand bij ${label}`,
        remedy: `Het bestand wordt niet meer vergeleken met ${about}.`,
        breaks: true,
        preselect: true,
        edits: [{ op: 'remove', path }],
      });
    }
  }
  const order = fieldKeys(step).filter((other) => !other.includes('.'));
  list(step.boxes).forEach((box, index) => {
    if (!isObject(box) || typeof box.after !== 'string' || !(box.after === key || box.after.startsWith(`${key}.`))) return;
    const position = order.indexOf(key.split('.')[0]);
    const previous = position > 0 ? order[position - 1] : undefined;
    const path = at('boxes', index, 'after');
    uses.push({
      id: idOf(path),
      text: `de plaats van ${boxName(box)}, dat na ${about} staat`,
      remedy: previous ? `Het kader komt na ${fieldLabel(step, previous, options.definitions)} te staan.` : 'Het kader komt bovenaan de stap te staan.',
      breaks: true,
      preselect: true,
      edits: [previous ? { op: 'set', path, value: previous } : { op: 'remove', path }],
    });
  });
  const uiOrder = valueAt(step, ['uiSchema', ...(key.includes('.') ? [key.split('.')[0], 'items'] : []), 'ui:order']);
  if (Array.isArray(uiOrder) && uiOrder.includes(name)) {
    const path = at('uiSchema', ...(key.includes('.') ? [key.split('.')[0], 'items'] : []), 'ui:order');
    uses.push({
      id: idOf(path),
      text: 'de volgorde van de vragen in de stap',
      remedy: `${capital(about)} gaat uit de volgorde.`,
      breaks: true,
      preselect: true,
      edits: [{ op: 'set', path, value: uiOrder.filter((entry) => entry !== name) }],
    });
  }
  if (!key.includes('.')) {
    const schema = isObject(step.schema) ? step.schema : {};
    const dependencies = isObject(schema.dependencies) ? schema.dependencies : {};
    for (const [owner, dependency] of Object.entries(dependencies)) {
      const path = at('schema', 'dependencies', owner);
      if (owner === key)
        uses.push({
          id: idOf(path),
          text: `de vragen die erbij komen als ${about} is ingevuld`,
          remedy: 'Die afhankelijkheid vervalt.',
          breaks: true,
          preselect: true,
          edits: [{ op: 'remove', path, prune: true }],
        });
      else if (Array.isArray(dependency) && dependency.includes(key)) {
        const rest = dependency.filter((entry) => entry !== key);
        uses.push({
          id: idOf(path),
          text: `de afhankelijkheid van ${fieldLabel(step, owner, options.definitions)}`,
          remedy: `${capital(about)} is niet meer verplicht als ${fieldLabel(step, owner, options.definitions)} is ingevuld.`,
          breaks: true,
          preselect: true,
          edits: [rest.length > 0 ? { op: 'set', path, value: rest } : { op: 'remove', path, prune: true }],
        });
      }
    }
    if (testedByCondition(schema, key)) remaining.push(`een voorwaarde in de opbouw van de stap die ${about} test (alleen in de broncode aan te passen)`);
  }
  return { uses, remaining };
}

function fieldUsage(document: Json, stepIndex: number, key: string, options: AnalyseOptions): Usage {
  const step = stepsOf(document)[stepIndex];
  if (!step || fieldSchema(step, key) === undefined) return { name: quote(key), paths: [], uses: [], own: [], remaining: [], edits: [] };
  const path = `${dataKeyOf(step)}.${key}`;
  const about = fieldLabel(step, key, options.definitions);
  const { edits, own } = ownEdits(document, stepIndex, key);
  const inField = (name: unknown) => typeof name === 'string' && (name === key || name.startsWith(`${key}.`));
  // The field's own rule and checks go with it (ownEdits).
  const skip = (place: RulePlace) =>
    place.step === stepIndex && (place.role === 'field' || place.role === 'check' || place.role === 'derive') && inField(place.field);
  const same = sameStepUses(document, stepIndex, key, about, options);
  const uses = [...removedPathUses(document, (name) => within(name, path), about, { home: stepIndex }, skip, options), ...same.uses];
  return { name: `het veld ${about}`, paths: [path], uses, own, remaining: same.remaining, edits };
}

// ---------------------------------------------------------------------------------------------
// An option

function optionUsage(document: Json, stepIndex: number, key: string, value: string | number | boolean, options: AnalyseOptions): Usage {
  const step = stepsOf(document)[stepIndex];
  const schema = step && fieldSchema(step, key);
  const name = `de keuze ${quote(options.optionLabel ?? String(value))}`;
  if (!step || !schema) return { name, paths: [], value, uses: [], own: [], remaining: [], edits: [] };
  const path = `${dataKeyOf(step)}.${key}`;
  const field = fieldLabel(step, key, options.definitions);
  const about = `${name} bij ${field}`;
  const uses: Use[] = [];
  for (const place of rulePlaces(document, stepNamer(document, stepIndex), options.definitions)) {
    const resolve = resolver(place);
    const reads: Reads = (candidate) => resolve(candidate) === path;
    if (!readsTarget(place.rule, reads)) continue;
    if (place.role === 'text' || (place.role === 'derive' && place.path.at(-1) === 'value')) {
      const next = valueWithoutOption(place.rule, reads, value);
      if (JSON.stringify(next) === JSON.stringify(place.rule)) continue;
      const text = place.role === 'text' ? `${place.text}${placeholderUses(document, place.path[1] as string)}` : place.text;
      uses.push({
        id: idOf(place.path),
        text,
        remedy: `${capital(about)} gaat uit de berekening.`,
        breaks: true,
        preselect: true,
        edits: [{ op: 'set', path: place.path, value: place.role === 'text' ? asRule(next) : next }],
      });
      continue;
    }
    const outcome = conditionWithoutOption(place.rule, reads, value);
    if (typeof outcome === 'object' && JSON.stringify(outcome.rule) === JSON.stringify(place.rule)) continue;
    if (place.role === 'field' && outcome === 'never' && place.step !== undefined && place.field !== undefined) {
      // A field shown only for this option goes with it, with everything that uses it.
      const cascade = fieldUsage(document, place.step, place.field, options);
      uses.push({
        id: idOf(place.path),
        text: place.text,
        remedy: `${place.subject} wordt nooit meer getoond en wordt daarom ook verwijderd${cascade.uses.length > 0 ? `, met wat het veld gebruikt (${cascade.uses.length}×)` : ''}.`,
        breaks: true,
        preselect: true,
        edits: [...cascade.edits, ...cascade.uses.filter((use) => use.preselect).flatMap((use) => use.edits)],
      });
      continue;
    }
    if ((place.role === 'check' || place.role === 'derive') && outcome !== 'never' && typeof outcome === 'object') {
      uses.push({
        id: idOf(place.path),
        text: place.text,
        remedy: `${capital(about)} gaat uit de voorwaarde.`,
        breaks: true,
        preselect: true,
        edits: [{ op: 'set', path: place.path, value: outcome.rule }],
      });
      continue;
    }
    if (place.role === 'derive' && outcome === 'always') {
      uses.push({
        id: idOf(place.path),
        text: place.text,
        remedy: `De voorwaarde over ${about} vervalt; de waarde wordt altijd ingevuld.`,
        breaks: true,
        preselect: true,
        edits: [{ op: 'set', path: place.path, value: true }],
      });
      continue;
    }
    uses.push(ruleUse(place, outcome, about, 'option'));
  }
  // A value the flow sets to this option, and the option's place in the options shown first.
  list(step.derive).forEach((derive, index) => {
    if (!isObject(derive) || derive.field !== key || derive.value !== value) return;
    const at = ['steps', stepIndex, 'derive', index];
    if (uses.some((use) => use.edits.some((edit) => edit.op === 'remove' && JSON.stringify(edit.path) === JSON.stringify(at)))) return;
    uses.push({
      id: idOf(at),
      text: `de waarde die de flow zelf invult bij ${field}`,
      remedy: 'Die wordt verwijderd: de flow vulde deze keuze in.',
      breaks: true,
      preselect: true,
      edits: [{ op: 'remove', path: at, prune: true }],
    });
  });
  const own: OwnPart[] = [];
  const edits: Edit[] = [];
  const fieldPath = ['steps', stepIndex, 'schema', ...propertyPath(key)];
  const written = valueAt(document, fieldPath);
  if (isObject(written) && written.default === value) {
    edits.push({ op: 'remove', path: [...fieldPath, 'default'] });
    own.push({ text: 'de standaardwaarde van het veld (deze keuze)' });
  }
  const filter = isObject(written) ? written['x-optionsFilter'] : undefined;
  if (isObject(filter) && Array.isArray(filter.top) && filter.top.includes(value)) {
    const rest = filter.top.filter((entry) => entry !== value);
    edits.push(
      rest.length > 0
        ? { op: 'set', path: [...fieldPath, 'x-optionsFilter', 'top'], value: rest }
        : { op: 'remove', path: [...fieldPath, 'x-optionsFilter', 'top'] },
    );
    own.push({ text: 'de plaats van de keuze bovenaan de lijst' });
  }
  return { name: about, paths: [path], value, uses, own, remaining: [], edits };
}

// ---------------------------------------------------------------------------------------------
// A step

function stepUsage(document: Json, stepIndex: number, options: AnalyseOptions): Usage {
  const step = stepsOf(document)[stepIndex];
  if (!step) return { name: 'de stap', paths: [], uses: [], own: [], remaining: [], edits: [] };
  const dataKey = dataKeyOf(step);
  const name = `de stap ${quote(stepTitle(step, stepIndex))}`;
  const uses = removedPathUses(
    document,
    (candidate) => dataKey !== '' && within(candidate, dataKey),
    `de vragen van ${name}`,
    { home: -1, gone: stepIndex },
    () => false,
    options,
  );
  const own: OwnPart[] = [];
  const fields = fieldKeys(step).filter((key) => !key.includes('.'));
  if (fields.length > 0) {
    const labels = fields.map((key) => fieldLabel(step, key, options.definitions));
    own.push({ text: `${fields.length === 1 ? 'de vraag' : `de ${fields.length} vragen`} ${labels.join(', ')}` });
  }
  const boxes = list(step.boxes).length;
  if (boxes > 0) own.push({ text: boxes === 1 ? 'het kader in de stap' : `de ${boxes} kaders in de stap` });
  if (list(step.intro).length > 0 || list(step.outro).length > 0) own.push({ text: 'de teksten van de stap' });
  if (list(step.rules).length > 0) own.push({ text: 'de controles van de stap' });
  return { name, paths: dataKey ? [dataKey] : [], uses, own, remaining: [], edits: [{ op: 'remove', path: ['steps', stepIndex] }] };
}
