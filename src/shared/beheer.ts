/**
 * The shapes of the back office's answers (/api/beheer), declared once for the server that sends
 * them and the browser that reads them.
 */

/** What a back-office user may do: edit drafts, publish and roll back, manage accounts. */
export type BeheerRole = 'redacteur' | 'publicist' | 'beheerder';

/** Every role, in the order the pages list them; the server checks claims and requests against it. */
export const BEHEER_ROLES: readonly BeheerRole[] = ['redacteur', 'publicist', 'beheerder'];

export interface FlowRow {
  id: string;
  title: string;
  scenarios: string[];
  example: boolean;
  version: number;
  publishedAt: string | null;
  draft: { updatedAt: string; updatedBy: string; approved: boolean } | null;
  fixtures: { total: number; failed: number };
}

/** One line of a flow's history. */
export interface HistoryEntry {
  /** ISO-8601. */
  at: string;
  actor: string;
  /** 'gepubliceerd' or 'teruggezet' for a version; otherwise what was done to the draft. */
  action: string;
  version: number | null;
  note: string | null;
}

export interface VersionRow {
  version: number;
  state: 'draft' | 'published' | 'retired';
  origin: string;
  author: string;
  note: string | null;
  publishedAt: string;
}

export interface FlowSource {
  document: string;
  english?: string;
}

export interface Finding {
  severity: 'error' | 'warning';
  pointer: string | null;
  message: string;
  line: number | null;
  column: number | null;
  text: 'document' | 'english';
}

/** Where a test case comes from: the repository, the back office, or the back office in a repository case's place. */
export type FixtureSource = 'repository' | 'beheer' | 'aangepast';

/** One test case run against a version: what differs, per field (null: no message). */
export interface FixtureRun {
  /** Unique per flow (the file name of a repository fixture). */
  name: string;
  file: string;
  source: FixtureSource;
  description: string;
  /** The step it checks alone; null for the whole flow. */
  step: string | null;
  problems: string[];
  differences: { field: string; expected: string | null; actual: string | null }[];
}

export interface DraftAnswer {
  draft: { source: FlowSource; baseVersion: number | null; createdBy: string; updatedBy: string; updatedAt: string; approvedBy: string | null } | null;
  findings: Finding[];
  fixtures: FixtureRun[];
}
