/**
 * Every place of a flow document that holds a rule (json-logic), with what the rule governs and how
 * an administrator names it: "de regel ‘Wanneer tonen’ van ‘Registratienummer’", "de waarschuwing
 * ‘Diplomatoets’ in de stap ‘Toetsingsgegevens’", "ondertekenaar ‘Gemachtigd aanvrager’ op het
 * formulier", "de berekende tekst {registerNaam}". Also the lists of content blocks, which other
 * references (a list that follows a choice) live in too.
 */
import { dataKeyOf, fieldLabel, isObject, list, quote, stepsOf, stepTitle, textOf, type Definitions, type Json } from './document';
import type { DocPath } from './types';

/**
 * What a rule decides: when a field shows (`field`), when content shows (`content`: a box, a block,
 * a document, a signer), whether a check holds (`check`), a value the flow sets (`derive`), or a
 * computed text (`text`).
 */
export type RuleRole = 'field' | 'content' | 'check' | 'derive' | 'text';

export interface RulePlace {
  path: DocPath;
  rule: unknown;
  role: RuleRole;
  /** The part the rule belongs to: removed when the rule can never hold (content) or no longer makes sense (check, derive). */
  item: DocPath;
  /** Where, in words. */
  text: string;
  /** What the rule governs, in words (the start of a sentence): "‘Registratienummer’", "De waarschuwing ‘Diplomatoets’". */
  subject: string;
  /** The step the place is in. */
  step?: number;
  /** A field's own rule or check: the field's key in its step. */
  field?: string;
  /** The model path of the repeating group a `./field` of the rule is read in. */
  base?: string;
}

/** A list of content blocks: where it is and how a sentence says so. */
export interface BlockList {
  path: DocPath;
  blocks: unknown[];
  /** "op de bevestigingspagina", "in de inleiding van de stap ‘Documenten’". */
  where: string;
  step?: number;
}

const BOX_KINDS: Record<string, string> = { info: 'het informatiekader', warning: 'de waarschuwing', error: 'de foutmelding' };

/** A box in words: "de waarschuwing ‘Diplomatoets’". */
export function boxName(box: Json): string {
  return `${BOX_KINDS[String(box.type)] ?? 'het kader'} ${quote(textOf(box.title) ?? textOf(box.text) ?? textOf(box.id) ?? '')}`;
}

/** A content block in words: "de alinea ‘Stuur het ondertekende …’". */
export function blockName(block: Json): string {
  const text = textOf(block.text);
  switch (block.kind) {
    case 'heading':
      return `de kop ${quote(text ?? '')}`;
    case 'paragraph':
      return `de alinea ${quote(text ?? '')}`;
    case 'list':
      return `de opsomming ${quote(textOf(list(block.items)[0]) ?? '')}`;
    case 'alert':
      return `de melding ${quote(textOf(block.title) ?? text ?? '')}`;
    case 'download':
      return `de download ${quote(text ?? '')}`;
    case 'link':
    case 'homeLink':
      return `de link ${quote(text ?? '')}`;
    case 'postAddress':
      return 'het postadres';
    case 'optionItems':
      return `de lijst uit ${quote(textOf(block.list) ?? '')}`;
    case 'requiredDocuments':
      return `de lijst ${quote(textOf(block.title) ?? 'Mee te sturen documenten')}`;
    default:
      return `het tekstblok ${quote(text ?? textOf(block.title) ?? '')}`;
  }
}

/** One of the documents to send in words. */
export const documentName = (item: Json) => `het document ${quote(textOf(item.text) ?? textOf(item.list) ?? '')}`;

/** A signer in words. */
export const signerName = (signer: Json) => `ondertekenaar ${quote(textOf(signer.title) ?? '')} op het formulier`;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every list of content blocks of the flow and of its steps. */
export function blockLists(document: Json): BlockList[] {
  const lists: BlockList[] = [];
  const add = (path: DocPath, blocks: unknown, where: string, step?: number) => {
    if (Array.isArray(blocks)) lists.push({ path, blocks, where, ...(step === undefined ? {} : { step }) });
  };
  add(['intro', 'blocks'], isObject(document.intro) ? document.intro.blocks : undefined, 'in de inleiding van het formulier');
  stepsOf(document).forEach((step, index) => {
    add(['steps', index, 'intro'], step.intro, `in de inleiding van de stap ${quote(stepTitle(step, index))}`, index);
    add(['steps', index, 'outro'], step.outro, `onder de vragen van de stap ${quote(stepTitle(step, index))}`, index);
  });
  const review = isObject(document.review) ? document.review : {};
  add(['review', 'intro'], review.intro, 'in de inleiding van de controlepagina');
  add(['review', 'outro'], review.outro, 'onderaan de controlepagina');
  add(['confirmation', 'blocks'], isObject(document.confirmation) ? document.confirmation.blocks : undefined, 'op de bevestigingspagina');
  return lists;
}

/** The signers of the printed form with their places. */
export function signersOf(document: Json): { path: DocPath; signer: Json }[] {
  const confirmation = isObject(document.confirmation) ? document.confirmation : {};
  const download = isObject(confirmation.download) ? confirmation.download : {};
  return list(download.signers).flatMap((signer, index) => (isObject(signer) ? [{ path: ['confirmation', 'download', 'signers', index], signer }] : []));
}

/**
 * Every rule of the flow with its place. `inStep(index)` says how a place in a step names that
 * step (the editor leaves out the step the administrator is on).
 */
export function rulePlaces(document: Json, inStep: (index: number) => string, definitions?: Definitions): RulePlace[] {
  const places: RulePlace[] = [];
  for (const [name, rule] of Object.entries(isObject(document.variables) ? document.variables : {})) {
    places.push({
      path: ['variables', name],
      rule,
      role: 'text',
      item: ['variables', name],
      text: `de berekende tekst {${name}}`,
      subject: `De berekende tekst {${name}}`,
    });
  }
  stepsOf(document).forEach((step, index) => {
    const at = inStep(index);
    for (const [key, rule] of Object.entries(isObject(step.visibleIf) ? step.visibleIf : {})) {
      const label = fieldLabel(step, key, definitions);
      const group = key.includes('.') ? key.split('.')[0] : undefined;
      places.push({
        path: ['steps', index, 'visibleIf', key],
        rule,
        role: 'field',
        item: ['steps', index, 'visibleIf', key],
        text: `de regel ‘Wanneer tonen’ van ${label}${at}`,
        subject: label,
        step: index,
        field: key,
        ...(group ? { base: `${dataKeyOf(step)}.${group}` } : {}),
      });
    }
    list(step.rules).forEach((rule, ruleIndex) => {
      if (!isObject(rule)) return;
      const field = textOf(rule.field);
      const label = field ? fieldLabel(step, field, definitions) : quote(stepTitle(step, index));
      const message = textOf(rule.message);
      places.push({
        path: ['steps', index, 'rules', ruleIndex, 'assert'],
        rule: rule.assert,
        role: 'check',
        item: ['steps', index, 'rules', ruleIndex],
        text: `de controle bij ${label}${message ? ` (${quote(message, 50)})` : ''}${at}`,
        subject: `De controle bij ${label}`,
        step: index,
        ...(field ? { field } : {}),
      });
    });
    list(step.derive).forEach((derive, deriveIndex) => {
      if (!isObject(derive)) return;
      const field = textOf(derive.field);
      const label = field ? fieldLabel(step, field, definitions) : 'een veld';
      for (const part of ['when', 'value'] as const) {
        places.push({
          path: ['steps', index, 'derive', deriveIndex, part],
          rule: derive[part],
          role: 'derive',
          item: ['steps', index, 'derive', deriveIndex],
          text: `de waarde die de flow zelf invult bij ${label}${at}`,
          subject: `De waarde die de flow zelf invult bij ${label}`,
          step: index,
          ...(field ? { field } : {}),
        });
      }
    });
    list(step.boxes).forEach((box, boxIndex) => {
      if (!isObject(box) || box.visibleIf === undefined) return;
      places.push({
        path: ['steps', index, 'boxes', boxIndex, 'visibleIf'],
        rule: box.visibleIf,
        role: 'content',
        item: ['steps', index, 'boxes', boxIndex],
        text: `${boxName(box)}${at}`,
        subject: capital(boxName(box)),
        step: index,
      });
    });
  });
  for (const blocks of blockLists(document)) {
    blocks.blocks.forEach((block, blockIndex) => {
      if (!isObject(block)) return;
      const path = [...blocks.path, blockIndex];
      const step = blocks.step === undefined ? {} : { step: blocks.step };
      if (block.visibleIf !== undefined)
        places.push({
          path: [...path, 'visibleIf'],
          rule: block.visibleIf,
          role: 'content',
          item: path,
          text: `${blockName(block)} ${blocks.where}`,
          subject: capital(blockName(block)),
          ...step,
        });
      if (block.kind !== 'requiredDocuments') return;
      list(block.items).forEach((item, itemIndex) => {
        if (!isObject(item) || item.visibleIf === undefined) return;
        const itemPath = [...path, 'items', itemIndex];
        places.push({
          path: [...itemPath, 'visibleIf'],
          rule: item.visibleIf,
          role: 'content',
          item: itemPath,
          text: `${documentName(item)} ${blocks.where}`,
          subject: capital(documentName(item)),
          ...step,
        });
      });
    });
  }
  for (const { path, signer } of signersOf(document)) {
    if (signer.visibleIf !== undefined)
      places.push({
        path: [...path, 'visibleIf'],
        rule: signer.visibleIf,
        role: 'content',
        item: path,
        text: signerName(signer),
        subject: capital(signerName(signer)),
      });
  }
  return places;
}
