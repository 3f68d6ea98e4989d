import type { Scenario } from '../../renderer/core/types';

/** One entry of `GET /api/flows?lang=…` (and of the index a page carries inline). */
export interface FlowIndexEntry {
  id: string;
  scenarios: Scenario[];
  title: string;
  headerName: string;
}
