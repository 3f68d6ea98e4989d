/**
 * `x-addressCheck` on an address object (the shared address definition): a Dutch street and town
 * must not contradict the national address register for the postcode and house number given.
 *
 * Browser: the address field looks street and town up as the applicant types and fills them in.
 * Server: `enforce` asks the register again on every route that accepts the flow's data; when the
 * register knows nothing or cannot be reached, manual entry stands. Design time: the object has
 * the fields the check reads.
 */
import { getAt } from '../paths';
import type { JsonSchema, StepDefinition } from '../types';
import { eachField, fieldPointer, type RuleKind } from './types';
import { isHidden } from './visibility';

const FIELDS = ['land', 'postcode', 'huisnummer', 'straatnaam', 'woonplaats'];

function addressPaths(step: StepDefinition): string[] {
  const found: string[] = [];
  eachField(step.schema, (path, child) => {
    if (child['x-addressCheck']) found.push(path);
  });
  return found;
}

export const addressCheck: RuleKind = {
  name: 'x-addressCheck',
  check: ({ flow }) =>
    flow.steps.flatMap((step, stepIndex) =>
      addressPaths(step).flatMap((path) => {
        const properties =
          (
            getAt(
              step.schema,
              path.split('.').flatMap((key) => ['properties', key]),
            ) as JsonSchema | undefined
          )?.properties ?? {};
        const missing = FIELDS.filter((field) => !(field in properties));
        return missing.length === 0 ? [] : [{ pointer: fieldPointer(stepIndex, path), message: `x-addressCheck heeft de velden ${missing.join(', ')} nodig` }];
      }),
    ),
  async enforce(flow, model, services) {
    const findings = [];
    for (const step of flow.steps) {
      for (const path of addressPaths(step)) {
        if (isHidden(step, path, model)) continue;
        const address = getAt(model, `${step.dataKey}.${path}`) as Record<string, unknown> | undefined;
        if (!address || address.land !== 'NL' || typeof address.postcode !== 'string' || typeof address.huisnummer !== 'string') continue;
        const outcome = await services.checkAddress({
          postcode: address.postcode,
          huisnummer: address.huisnummer,
          straatnaam: typeof address.straatnaam === 'string' ? address.straatnaam : '',
          woonplaats: typeof address.woonplaats === 'string' ? address.woonplaats : '',
        });
        if (outcome === 'mismatch') findings.push({ path: `${step.dataKey}.${path}.straatnaam`, message: services.t('validation.addressMismatch') });
      }
    }
    return findings;
  },
};
