/** Dutch messages for `ui:options` that a widget's description refuses. */
import type { ErrorObject } from 'ajv';
import type { DesignProblem } from '../../../../renderer/core/rules';
import { escapePointer } from '../../../../renderer/core/rules/types';

export function explainOptions(errors: ErrorObject[], pointer: string, widget: string | undefined): DesignProblem[] {
  const owner = widget ?? 'deze groep velden';
  return errors.map((error) => {
    const at = `${pointer}${error.instancePath}`;
    if (error.keyword === 'additionalProperties') {
      const option = String(error.params.additionalProperty);
      return { pointer: `${at}/${escapePointer(option)}`, message: `${owner} kent de optie '${option}' niet` };
    }
    const option = error.instancePath.split('/').slice(1).join('.');
    if (error.keyword === 'type') return { pointer: at, message: `de optie '${option}' van ${owner} moet van het type ${String(error.params.type)} zijn` };
    if (error.keyword === 'enum') return { pointer: at, message: `de optie '${option}' van ${owner} moet een van ${(error.params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')} zijn` };
    return { pointer: at, message: `de optie '${option}' van ${owner} is ongeldig (${error.keyword})` };
  });
}
