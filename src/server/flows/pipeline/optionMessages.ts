/** Dutch messages for `ui:options` that a widget's description refuses. */
import type { ErrorObject } from 'ajv';
import type { DesignProblem } from '../../../../renderer/core/rules';
import { escapePointer } from '../../../../renderer/core/rules/types';
import { quoted, typeName } from './settings';

export function explainOptions(errors: ErrorObject[], pointer: string, widget: string | undefined): DesignProblem[] {
  const owner = widget ? `de weergave ${widget}` : 'deze groep velden';
  return errors.map((error) => {
    const at = `${pointer}${error.instancePath}`;
    if (error.keyword === 'additionalProperties') {
      const option = String(error.params.additionalProperty);
      return { pointer: `${at}/${escapePointer(option)}`, message: `${owner} kent de weergave-instelling ‘${option}’ niet` };
    }
    const option = error.instancePath.split('/').slice(1).join('.');
    if (error.keyword === 'type')
      return {
        pointer: at,
        message: `de weergave-instelling ‘${option}’ van ${owner} moet ${String(error.params.type) === 'boolean' ? 'ja of nee (true of false)' : `een ${typeName(String(error.params.type))}`} zijn`,
      };
    if (error.keyword === 'enum')
      return {
        pointer: at,
        message: `de weergave-instelling ‘${option}’ van ${owner} moet een van deze waarden zijn: ${(error.params.allowedValues as unknown[]).map(quoted).join(', ')}`,
      };
    return { pointer: at, message: `de weergave-instelling ‘${option}’ van ${owner} is ongeldig (${error.keyword})` };
  });
}
