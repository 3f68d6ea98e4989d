/**
 * What the back office asks before removing or renaming part of a flow: where the part is used, in
 * an administrator's words, and the edits that remove or adjust each use along with it. Shared by
 * the editor (which applies the edits to the document's text) and the server (which tells the
 * change sentences a rename from a remove and an add).
 */

/** A place in a flow document: its keys and list positions from the top. */
export type DocPath = (string | number)[];

/** One change of a flow document, applied by `applyEdits` (a parsed document) or the editor (its text). */
export type Edit =
  /** Removes the key or list item at `path`; with `prune`, also the object or list holding it when that is left empty. */
  | { op: 'remove'; path: DocPath; prune?: boolean }
  /** Writes `value` at `path`. */
  | { op: 'set'; path: DocPath; value: unknown }
  /** Gives the key at `path` the name `to`, keeping its place and value. */
  | { op: 'rename'; path: DocPath; to: string };

/** What is removed or renamed: a field (by its key in its step, dotted within a repeating group), one of its options, or a step. */
export type Target =
  | { kind: 'field'; step: number; key: string }
  | { kind: 'option'; step: number; key: string; value: string | number | boolean }
  | { kind: 'step'; step: number };

/** One place that uses the target, and what happens to it when it goes along. */
export interface Use {
  /** Unique within one analysis (the path of the place), for the dialog's checkboxes. */
  id: string;
  /** Where, in words: "de regel ‘Wanneer tonen’ van ‘Registratienummer’". */
  text: string;
  /** What removing along does, in a sentence: "De voorwaarde over ‘Kwaliteitsregister’ vervalt." */
  remedy: string;
  /** Whether leaving it makes the check refuse the draft. */
  breaks: boolean;
  /** Whether the dialog offers it checked (where leaving it breaks the flow, and English left without a text). */
  preselect: boolean;
  /** The edits that remove or adjust it. */
  edits: Edit[];
}

/** The target's own parts that always go with it (its messages, display settings, rule), in words. */
export interface OwnPart {
  text: string;
}

/** Everything the dialog shows of a target. */
export interface Usage {
  /** The target in words: "het veld ‘Naam abonnee’", "de keuze ‘Mondhygiënist’ van ‘Kwaliteitsregister’", "de stap ‘Toetsingsgegevens’". */
  name: string;
  /** Its model paths ('gegevens.abonneeNaam'; a step: its data key), for the stored submissions. */
  paths: string[];
  /** The option's value, for an option. */
  value?: string | number | boolean;
  /** Uses elsewhere that can go along. */
  uses: Use[];
  /** Its own parts, removed with it. */
  own: OwnPart[];
  /** Uses that stay and cannot be adjusted here (a condition in the step's schema), in words. */
  remaining: string[];
  /** The edits that remove the target itself (its uses not included). */
  edits: Edit[];
}
