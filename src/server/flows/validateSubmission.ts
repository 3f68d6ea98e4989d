/**
 * The server's check of a flow model, for uploads and for the JSON models of the application
 * forms: only the flow's own data (and the chosen variant's constants), derived values applied,
 * no data in hidden fields, and every step valid — with the same core code the browser runs.
 */
import { isDeepStrictEqual } from 'node:util';
import { applyDerived } from '../../../renderer/core/derive';
import { withEnvironment, withoutEnvironment, type Environment } from '../../../renderer/core/environment';
import type { Lang, Translate } from '../../../renderer/core/i18n';
import { VARIANT_KEY, type FlowModel, type ReferenceLists } from '../../../renderer/core/types';
import { validateFlow } from '../../../renderer/core/validate';
import { hiddenFieldsWithData } from '../../../renderer/core/visibility';
import { ApiError, CODES } from '../errors';
import type { FlowEntry } from './registry';

export interface CheckedSubmission {
  /** The model as rules see it (with variant, lists and variables). */
  env: Environment;
  /** The model to store: the flow's data only. */
  model: FlowModel;
}

export function checkSubmission(entry: FlowEntry, lang: Lang, raw: unknown, lists: ReferenceLists, t: Translate): CheckedSubmission {
  const flow = entry.documents[lang];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ApiError(400, 'De aanvraag is niet juist opgebouwd.', [{ code: CODES.malformed, extraInfo: [] }]);
  }
  const dataKeys = new Set(flow.steps.map((step) => step.dataKey));
  const unknown = Object.keys(raw).filter((key) => !dataKeys.has(key) && key !== VARIANT_KEY);
  if (unknown.length > 0) throw new ApiError(400, 'De aanvraag bevat onbekende onderdelen.', [{ code: CODES.unknownField, extraInfo: unknown }]);
  const model = { ...(raw as FlowModel) };
  if (flow.variants?.length) {
    const variant = model[VARIANT_KEY];
    if (!flow.variants.some((candidate) => isDeepStrictEqual(candidate.constants, variant))) {
      throw new ApiError(400, 'Onbekende variant van de aanvraag.', [{ code: CODES.invalidField, extraInfo: [VARIANT_KEY] }]);
    }
  } else if (VARIANT_KEY in model) {
    throw new ApiError(400, 'De aanvraag bevat onbekende onderdelen.', [{ code: CODES.unknownField, extraInfo: [VARIANT_KEY] }]);
  }
  for (const key of dataKeys) {
    const value = model[key];
    if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new ApiError(400, 'De aanvraag is niet juist opgebouwd.', [{ code: CODES.malformed, extraInfo: [key] }]);
    }
    model[key] ??= {};
  }
  const env = withEnvironment(flow, applyDerived(flow, model), lists);
  const hidden = hiddenFieldsWithData(flow, env);
  if (hidden.length > 0) {
    throw new ApiError(400, 'De aanvraag bevat gegevens van velden die niet van toepassing zijn.', hidden.map((path) => ({ code: CODES.hiddenField, extraInfo: [path] })));
  }
  const invalid = validateFlow(flow, env, entry.validators, t);
  if (invalid.length > 0) {
    throw new ApiError(
      400,
      'De aanvraag is niet volledig of niet juist ingevuld.',
      invalid.flatMap((step) => step.errors.map((error) => ({ code: CODES.invalidField, extraInfo: [`${step.dataKey}.${error.field}`, error.message] }))),
    );
  }
  const stored = withoutEnvironment(env);
  delete stored[VARIANT_KEY];
  return { env, model: stored };
}
