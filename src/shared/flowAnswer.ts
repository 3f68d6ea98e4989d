/**
 * A flow as `GET /api/flows/:id[?v=<hash>]` answers it in a language (and as a page on the flow's
 * address carries it inline), declared once for the server that sends it and the browser that reads it.
 */
import type { FlowDocument } from '../../renderer/core/types';

export interface FlowAnswer {
  flow: FlowDocument;
  /** Content hash of the version served: entered data is kept against it, and sent with it. */
  hash: string;
  /** The version's number. */
  version: number;
  /** Step id -> URL of its validator module. */
  validators: Record<string, string>;
  /** The data each step starts with, worked out by the server (absent from an older server's answer). */
  startData?: Record<string, Record<string, unknown>>;
  /** The names of the on-demand code each step renders (core/stepCode.ts), by step id. */
  code?: Record<string, string[]>;
}
