/**
 * The ids of a flow's named parts must tell them apart: two blocks (or list items, documents,
 * signers) of one list with the same id would share one English text and one place in the change
 * sentences. The pipeline adds missing ids itself; only an id written twice is refused.
 */
import { duplicatePartIds } from '../../../../renderer/core/partIds';
import type { DesignProblem } from '../../../../renderer/core/rules/types';

/** An id used twice within one list of parts, at the second use. */
export function partIdProblems(document: unknown): DesignProblem[] {
  return duplicatePartIds(document).map(({ pointer, id }) => ({
    pointer,
    message: `de code ‘${id}’ staat al bij een ander onderdeel van deze lijst; geef elk onderdeel een eigen code (of laat de code weg, dan wordt er een gemaakt)`,
  }));
}
