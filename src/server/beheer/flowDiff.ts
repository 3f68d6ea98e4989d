/**
 * What changed between two versions of a flow, in sentences an administrator understands: "Veld
 * ‘E-mailadres’ toegevoegd aan stap ‘Uw gegevens’.", "Maximale lengte van veld ‘Soort wijziging’
 * gewijzigd van 200 naar 100.", "Stap ‘Documenten’ verplaatst van positie 2 naar 1.".
 *
 * Both versions are diffed with jsondiffpatch: items of a list with a string `id` (steps, boxes,
 * rules, variants, and the content blocks, list points, documents and signers, which get the ids
 * the pipeline gives them in both versions first) are matched by that id, so a moved step or block
 * is one move rather than a rewrite of every item; any other list of objects (options of a choice)
 * is matched by position, after setting aside the items that stayed exactly the same (so one
 * inserted item is one item added). English under the keys of before parts had ids is read under
 * its new keys, so a migration alone is no change. The delta is then walked with both documents at hand, and each part of a flow
 * is put into words by what it is (a field, its label, a message, a visibility rule, a content
 * block); whatever has no sentence of its own gets a generic one with a readable path. The order
 * of fields is compared separately, as jsondiffpatch does not see the order of an object's keys.
 *
 * Sentences come in the order of the document: the form's own properties, the steps in their new
 * order (a removed step where it stood), and within a step its title and intro, then its fields in
 * order with all that concerns each field (schema, display, visibility, messages, rules), then the
 * rest. Changes of the English texts follow those of the document.
 *
 * The parts, in flowDiff/: matching old and new items of a list (alignment.ts) on jsondiffpatch's
 * delta (delta.ts); where a change is, in words (location.ts); the Dutch names of the format's
 * keywords, from the titles in schemas/flow.schema.json (vocabulary.ts); how values appear in a
 * sentence (format.ts); the sentences written so far (sentences.ts); and a describer per part of
 * the format: the form's own parts (form.ts), the steps (steps.ts), their fields (fields.ts,
 * keywords.ts, options.ts), display (display.ts), rules and derivations (rules.ts), boxes
 * (boxes.ts), content blocks (blocks.ts), visibility rules (visibility.ts) and the English texts
 * (english.ts).
 */
import { withPartIds } from '../../../renderer/core/partIds';
import { entryMoves, flowTexts, type TranslationFile } from '../../../renderer/core/translations';
import type { Change } from '../../shared/beheer';
import { describeEnglish } from './flowDiff/english';
import { describeDocument } from './flowDiff/form';
import { Sentences } from './flowDiff/sentences';
import { isObj } from './flowDiff/values';
import { findRenames, renamedBefore, withRenameChanges } from './flowRenames';

/** The raw texts of one version of a flow, as stored: the flow document and its English (path -> {nl, en}). */
export interface FlowSourceTexts {
  document: string;
  english?: string;
}

export type { Change, ChangeKind } from '../../shared/beheer';

export const INVALID_JSON_TEXT = 'De broncode is geen geldige JSON; verschillen kunnen niet worden getoond.';

/** The changes from `before` to `after`, in document order; none when they are the same. */
export function describeChanges(before: FlowSourceTexts, after: FlowSourceTexts): Change[] {
  const documents = [parse(before.document), parse(after.document)];
  const english = [parseEnglish(before.english), parseEnglish(after.english)];
  const broken = documents.some((value) => value === INVALID) ? 'Broncode' : english.some((value) => value === INVALID) ? 'Engelse vertaling' : undefined;
  if (broken) return [{ kind: 'gewijzigd', where: broken, text: INVALID_JSON_TEXT, path: '' }];
  // Both versions as the pipeline reads them: every part with its id, English under its new key.
  documents.forEach((document, index) => {
    documents[index] = withPartIds(document);
    english[index] = underNewKeys(documents[index], english[index]);
  });
  // A field that only got another name in the data is told as a rename (flowRenames.ts).
  const renames = findRenames(documents[0], documents[1]);
  const old = renames.length > 0 && isObj(english[0]) ? renamedBefore(documents[0], english[0], renames) : { document: documents[0], english: english[0] };
  const sentences = new Sentences(old.document, documents[1]);
  describeDocument(sentences);
  describeEnglish(sentences, old.english, english[1]);
  return withRenameChanges(sentences.result(), documents[1], renames);
}

// ---------------------------------------------------------------------------------------------
// Parsing

const INVALID = Symbol('invalid');

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID;
  }
}

/** A version without English (or with an empty English text) has no English texts. */
function parseEnglish(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return {};
  return parse(text);
}

/** English entries under keys from before options and parts had identities, moved to their new keys. */
function underNewKeys(document: unknown, english: unknown): unknown {
  if (!isObj(english)) return english;
  const moves = new Map(entryMoves(flowTexts(document), english as TranslationFile).map(({ from, to }) => [from, to]));
  return moves.size === 0 ? english : Object.fromEntries(Object.entries(english).map(([key, entry]) => [moves.get(key) ?? key, entry]));
}
