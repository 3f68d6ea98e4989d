/**
 * The sentences of a comparison as the describers write them: each with its kind, where it is in
 * words and its JSON pointer, in the order written (a step's own are sorted before they join the
 * rest, see `collect`). The two sentences every part falls back on live here too: a value that was
 * set, changed or removed (`value`) and the generic one with a readable path (`generic`).
 */
import type { Change, ChangeKind } from '../../../shared/beheer';
import { changedKeys, childDelta, diff } from './delta';
import { shortJson, show, textPair } from './format';
import { locate, pointerOf, readableRest, sub, type Pos } from './location';
import { get, isObj } from './values';

export interface Pending {
  change: Change;
  /** The field of a step the change concerns (dotted path), to keep a field's changes together and in field order. */
  field?: string;
  /** Within a step: 0 title and intro, 1 the fields, 2 the rest. */
  section: number;
}

/** How a sentence names a value that was set, changed or removed. */
export interface Subject {
  /** "Maximale lengte van veld ‘X’" (at the start of the sentence). */
  name: string;
  /** How values are shown (default: `show`, or the text window for two texts). */
  format?: (value: unknown) => string;
  /** "ingesteld op 100" rather than "toegevoegd: ‘…’" for a value that was not there. */
  setting?: boolean;
}

export class Sentences {
  private readonly pending: Pending[] = [];
  private sink: Pending[] = this.pending;
  /** The section of a step the sentences written now belong to (see `Pending`). */
  section = 0;

  constructor(
    /** The old version of the flow document. */
    readonly before: unknown,
    /** The new version of the flow document. */
    readonly after: unknown,
  ) {}

  result(): Change[] {
    return this.pending.map((item) => item.change);
  }

  /** A change written as it is, after all others (the English texts). */
  add(change: Change): void {
    this.pending.push({ change, section: 0 });
  }

  /**
   * Runs `describe` with its sentences set apart, then adds them in the order `sort` leaves them
   * in: a step's sentences are ordered by section and field once the step is done.
   */
  collect(describe: () => void, sort: (collected: Pending[]) => void): void {
    const collected: Pending[] = [];
    const outer = this.sink;
    this.sink = collected;
    describe();
    this.section = 0;
    this.sink = outer;
    sort(collected);
    outer.push(...collected);
  }

  emit(kind: ChangeKind, sentence: string, pos: Pos, options: { field?: string; where?: Pos } = {}): void {
    const place = this.side(pos, kind);
    const wherePlace = options.where ? this.side(options.where, kind) : place;
    this.sink.push({
      change: { kind, where: locate(wherePlace.document, wherePlace.segments).where, text: sentence, path: pointerOf(place.segments) },
      field: options.field,
      section: this.section,
    });
  }

  /** The document and pointer a change is shown at: the new one, the old one for what was removed. */
  private side(pos: Pos, kind: ChangeKind): { document: unknown; segments: string[] } {
    if (kind === 'verwijderd' && pos.b) return { document: this.before, segments: pos.b };
    if (pos.a) return { document: this.after, segments: pos.a };
    if (pos.b) return { document: this.before, segments: pos.b };
    return { document: this.after, segments: [] };
  }

  /** "<Subject> gewijzigd van A naar B." / "<Subject> toegevoegd: B." / "<Subject> verwijderd (was A)." */
  value(subject: Subject, before: unknown, after: unknown, pos: Pos, field?: string): void {
    const format = subject.format ?? show;
    if (before === undefined && after === undefined) return;
    if (before === undefined) {
      this.emit('toegevoegd', `${subject.name} ${subject.setting ? 'ingesteld op' : 'toegevoegd:'} ${format(after)}.`, pos, { field });
    } else if (after === undefined) {
      this.emit('verwijderd', `${subject.name} verwijderd (was ${format(before)}).`, pos, { field });
    } else {
      const [from, to] = typeof before === 'string' && typeof after === 'string' && !subject.format ? textPair(before, after) : [format(before), format(after)];
      this.emit('gewijzigd', `${subject.name} gewijzigd van ${from} naar ${to}.`, pos, { field });
    }
  }

  /** The fallback: "Gewijzigd: <where › path> van <json> naar <json>.", per changed leaf of an object. */
  generic(delta: unknown, before: unknown, after: unknown, pos: Pos, field?: string): void {
    if (isObj(before) && isObj(after)) {
      for (const key of changedKeys(delta ?? diff(before, after), before, after))
        this.generic(childDelta(delta, key, before, after), get(before, key), get(after, key), sub(pos, key), field);
      return;
    }
    const kind: ChangeKind = before === undefined ? 'toegevoegd' : after === undefined ? 'verwijderd' : 'gewijzigd';
    const place = this.side(pos, kind);
    const { where, rest } = locate(place.document, place.segments);
    const readable = [where, ...readableRest(rest)].join(' › ');
    const sentence =
      kind === 'toegevoegd'
        ? `Toegevoegd: ${readable} (${shortJson(after)}).`
        : kind === 'verwijderd'
          ? `Verwijderd: ${readable} (was ${shortJson(before)}).`
          : `Gewijzigd: ${readable} van ${shortJson(before)} naar ${shortJson(after)}.`;
    this.emit(kind, sentence, pos, { field });
  }
}
