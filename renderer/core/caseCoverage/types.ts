/**
 * The tester's map of a flow: what its test cases reach and what none reaches. Plain data, the same
 * for the back office's 'Dekking' view and `npm run flows:coverage`.
 */

/**
 * What a test case can reach: a step; a field (filled in or given a message); a visibility rule seen
 * showing (`shown`) and hiding (`hidden`) its field; a value the flow sets itself (`derive`); a
 * message a field can show (`message`: a keyword's, or a cross-field rule's, see `rule`).
 */
export type CoverageKind = 'step' | 'field' | 'shown' | 'hidden' | 'derive' | 'message';

export interface CoverageItem {
  /** Unique within the flow. */
  id: string;
  kind: CoverageKind;
  stepId: string;
  /** The step's title as the applicant reads it (placeholders shown as '…'). */
  stepTitle: string;
  /** The field's path within the step as definitions name it (no item indexes); absent for a step. */
  field?: string;
  /** The field's label (placeholders shown as '…'). */
  label?: string;
  /** The title of the group the field is in, when it has one ('Bezoekadres' for its 'Postcode'). */
  group?: string;
  /** For a message: which check gives it (a JSON Schema keyword, or `rule:<id>` for a cross-field rule) and its text. */
  message?: { key: string; text: string; rule: boolean };
  /** Whether some test case reaches it. */
  reached: boolean;
  /** In plain Dutch: what no test case reaches (meant for when `reached` is false). */
  text: string;
}

/** One kind's count: how many a case reaches, of how many there are. */
export interface CoverageCount {
  kind: CoverageKind | 'rule';
  /** Dutch, plural: 'velden', 'meldingen', … */
  name: string;
  reached: number;
  total: number;
}

export interface FlowCoverage {
  flowId: string;
  /** How many test cases were run. */
  cases: number;
  counts: CoverageCount[];
  items: CoverageItem[];
}
