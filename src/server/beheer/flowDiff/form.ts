/**
 * The form's own parts: its title and settings, calculated texts, variants, the introduction, the
 * review step, sending, and the confirmation page with its download and signers. The steps have
 * their own describer (steps.ts), as do the content blocks (blocks.ts).
 */
import { align, alignParts } from './alignment';
import { describeBlocks } from './blocks';
import { changedKeys, childDelta, diff, mergedOrder } from './delta';
import { quote } from './format';
import { itemPos, sub, type Pos } from './location';
import type { Sentences } from './sentences';
import { describeSteps } from './steps';
import { get, has, isObj, keysOf, list, text, titleOf, type Obj } from './values';
import { describeVisibility } from './visibility';
import { namesOf } from './vocabulary';

const FORM = namesOf('form');
const INTRO = namesOf('intro');
const REVIEW = namesOf('review');
const SUBMIT = namesOf('submit');
const CONFIRMATION = namesOf('confirmation');
const DOWNLOAD = namesOf('download');
const SIGNER = namesOf('signer');
const VARIANT = namesOf('variant');

/** The whole document, key by key in document order (the steps also when only their fields' order changed). */
export function describeDocument(out: Sentences): void {
  const delta = diff(out.before, out.after);
  const root: Pos = { a: [], b: [] };
  if (!isObj(out.before) || !isObj(out.after)) {
    if (delta !== undefined) out.generic(delta, out.before, out.after, root);
    return;
  }
  // The steps are walked even without a delta: a change of field order is no change to jsondiffpatch.
  const keys = changedKeys(delta, out.before, out.after);
  if (!keys.includes('steps') && Array.isArray(out.before.steps) && Array.isArray(out.after.steps)) {
    keys.splice(
      mergedOrder(keysOf(out.before), keysOf(out.after))
        .filter((key) => keys.includes(key) || key === 'steps')
        .indexOf('steps'),
      0,
      'steps',
    );
  }
  for (const key of keys) {
    const [before, after, pos, d] = [get(out.before, key), get(out.after, key), sub(root, key), childDelta(delta, key, out.before, out.after)];
    switch (key) {
      case 'title':
        out.value({ name: `${FORM.title} van het formulier` }, before, after, pos);
        break;
      case 'headerName':
        out.value({ name: FORM.headerName }, before, after, pos);
        break;
      case 'scenarios':
        out.value({ name: FORM.scenarios, setting: true }, before, after, pos);
        break;
      case 'languages':
        out.value({ name: FORM.languages, setting: true }, before, after, pos);
        break;
      case 'baseData':
        out.value({ name: FORM.baseData, setting: true }, before, after, pos);
        break;
      case 'example':
        if (after === true) out.emit('gewijzigd', 'Het formulier is nu een voorbeeldformulier.', pos);
        else if (before === true) out.emit('gewijzigd', 'Het formulier is geen voorbeeldformulier meer.', pos);
        else out.generic(d, before, after, pos);
        break;
      case 'scenarioTitles':
        for (const scenario of changedKeys(d, before, after))
          out.value({ name: `Titel voor scenario ${quote(scenario)}` }, get(before, scenario), get(after, scenario), sub(pos, scenario));
        break;
      case 'variables':
        variables(out, d, before, after, pos);
        break;
      case 'variants':
        variants(out, d, before, after, pos);
        break;
      case 'intro':
        intro(out, d, before, after, pos);
        break;
      case 'steps':
        describeSteps(out, d, before, after, pos);
        break;
      case 'review':
        review(out, d, before, after, pos);
        break;
      case 'submit':
        submit(out, d, before, after, pos);
        break;
      case 'confirmation':
        confirmation(out, d, before, after, pos);
        break;
      default:
        out.generic(d, before, after, pos);
    }
  }
}

function variables(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos): void {
  for (const name of changedKeys(delta, before, after)) {
    const subject = `Berekende tekst ${quote(`{${name}}`)}`;
    if (!has(before, name)) out.emit('toegevoegd', `${subject} toegevoegd.`, sub(pos, name));
    else if (!has(after, name)) out.emit('verwijderd', `${subject} verwijderd.`, sub(pos, name));
    else out.emit('gewijzigd', `${subject} gewijzigd.`, sub(pos, name));
  }
}

function variants(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos): void {
  for (const item of align(delta, list(before), list(after))) {
    const place = itemPos(pos, item);
    const name = quote(titleOf(item.now ?? item.old) ?? text(get(item.now ?? item.old, 'id')) ?? '?');
    if (item.status === 'added') out.emit('toegevoegd', `Variant ${name} toegevoegd.`, place);
    else if (item.status === 'removed') out.emit('verwijderd', `Variant ${name} verwijderd.`, place);
    else {
      if (item.status === 'moved')
        out.emit('verplaatst', `Variant ${name} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, place);
      for (const key of changedKeys(item.delta, item.old, item.now)) {
        const [old, now] = [get(item.old, key), get(item.now, key)];
        if (key === 'title') out.value({ name: `${VARIANT.title} van variant ${quote(text(get(item.now, 'id')) ?? '?')}` }, old, now, sub(place, key));
        else if (key === 'default')
          out.emit(
            'gewijzigd',
            now === true ? `Variant ${name} is nu de standaardvariant.` : `Variant ${name} is niet meer de standaardvariant.`,
            sub(place, key),
          );
        else out.generic(childDelta(item.delta, key, item.old, item.now), old, now, sub(place, key));
      }
    }
  }
}

function intro(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos): void {
  if (!isObj(before) || !isObj(after)) {
    if (isObj(after) && before === undefined) out.emit('toegevoegd', `Inleiding ${quote(titleOf(after) ?? '')} toegevoegd.`, pos);
    else if (isObj(before) && after === undefined) out.emit('verwijderd', `Inleiding ${quote(titleOf(before) ?? '')} verwijderd.`, pos);
    else out.generic(delta, before, after, pos);
    return;
  }
  for (const key of changedKeys(delta, before, after)) {
    const [old, now, at] = [get(before, key), get(after, key), sub(pos, key)];
    if (key === 'title') out.value({ name: `${INTRO.title} van de inleiding` }, old, now, at);
    else if (key === 'startLabel') out.value({ name: INTRO.startLabel }, old, now, at);
    else if (key === 'blocks') describeBlocks(out, old, now, at, 'de inleiding');
    else out.generic(childDelta(delta, key, before, after), old, now, at);
  }
}

function review(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos): void {
  for (const key of changedKeys(delta, before, after)) {
    const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
    if (key === 'title') out.value({ name: `${REVIEW.title} van de controlestap` }, old, now, at);
    else if (key === 'submitLabel') out.value({ name: REVIEW.submitLabel }, old, now, at);
    else if (key === 'changeLabel') out.value({ name: REVIEW.changeLabel }, old, now, at);
    else if (key === 'intro') describeBlocks(out, old, now, at, 'de inleiding van de controlestap');
    else if (key === 'outro') describeBlocks(out, old, now, at, 'het slot van de controlestap');
    else out.generic(d, old, now, at);
  }
}

function submit(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos): void {
  for (const key of changedKeys(delta, before, after)) {
    const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
    if (key === 'failureMessage') out.value({ name: SUBMIT.failureMessage }, old, now, at);
    else if (key === 'codeHeading') out.value({ name: SUBMIT.codeHeading }, old, now, at);
    else if (key === 'codeMessages') {
      for (const code of changedKeys(d, old, now)) out.value({ name: `Melding bij foutcode ${quote(code)}` }, get(old, code), get(now, code), sub(at, code));
    } else if (key === 'kind') out.value({ name: SUBMIT.kind, setting: true }, old, now, at);
    else if (key === 'url') out.value({ name: SUBMIT.url, setting: true }, old, now, at);
    else out.generic(d, old, now, at);
  }
}

function confirmation(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos): void {
  for (const key of changedKeys(delta, before, after)) {
    const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
    if (key === 'title') out.value({ name: `${CONFIRMATION.title} van de bevestigingspagina` }, old, now, at);
    else if (key === 'blocks') describeBlocks(out, old, now, at, 'de bevestigingspagina');
    else if (key === 'download' && isObj(old) && isObj(now)) download(out, d, old, now, at);
    else out.generic(d, old, now, at);
  }
}

function download(out: Sentences, delta: unknown, before: Obj, after: Obj, pos: Pos): void {
  for (const key of changedKeys(delta, before, after)) {
    const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
    if (key === 'errorMessage') out.value({ name: DOWNLOAD.errorMessage }, old, now, at);
    else if (key === 'errorSrText') out.value({ name: DOWNLOAD.errorSrText }, old, now, at);
    else if (key === 'signers' && Array.isArray(old) && Array.isArray(now)) signers(out, old, now, at);
    else out.generic(d, old, now, at);
  }
}

/** Who signs the document, matched by their ids (by position while one has none). */
function signers(out: Sentences, before: unknown[], after: unknown[], pos: Pos): void {
  for (const item of alignParts(before, after)) {
    const place = itemPos(pos, item);
    const name = quote(titleOf(item.now ?? item.old) ?? String((item.after ?? item.before ?? 0) + 1));
    if (item.status === 'added') out.emit('toegevoegd', `Ondertekenaar ${name} toegevoegd.`, place);
    else if (item.status === 'removed') out.emit('verwijderd', `Ondertekenaar ${name} verwijderd.`, place);
    else {
      if (item.status === 'moved')
        out.emit('verplaatst', `Ondertekenaar ${name} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, place);
      for (const field of changedKeys(item.delta, item.old, item.now)) {
        const [o, n] = [get(item.old, field), get(item.now, field)];
        if (field === 'title') out.value({ name: `${SIGNER.title} van ondertekenaar ${(item.after ?? 0) + 1}` }, o, n, sub(place, field));
        else if (field === 'visibleIf') describeVisibility(out, SIGNER.visibleIf, `ondertekenaar ${name}`, o, n, sub(place, field));
        else out.generic(childDelta(item.delta, field, item.old, item.now), o, n, sub(place, field));
      }
    }
  }
}
