/**
 * The server's check of a flow's data, on every route that accepts it (uploads, the printed
 * application form, and any later final submit): only the flow's own data (and the chosen variant's
 * constants), derived values applied, no data in hidden fields, every step valid with the same core
 * code the browser runs (schemas and every rule kind's `validate`; no answers to questions that do not
 * apply), and every rule kind's server
 * enforcement (the address register). What it refuses answers 400 with the spec's error body.
 */
import { isDeepStrictEqual } from 'node:util';
import { withEnvironment, withoutEnvironment, type Environment } from '../../../renderer/core/environment';
import type { Lang, Translate } from '../../../renderer/core/i18n';
import { enforceRules, type RuleServices } from '../../../renderer/core/rules';
import { applyDerived } from '../../../renderer/core/rules/derive';
import { modelPathOf } from '../../../renderer/core/paths';
import { misplacedData } from '../../../renderer/core/rules/conditions';
import { VARIANT_KEY, type FlowDocument, type FlowModel, type UiSchema } from '../../../renderer/core/types';
import { buildUiSchema } from '../../../renderer/core/uiSchema';
import { validateFlow } from '../../../renderer/core/validate';
import { ApiError, CODES, type ErrorItem } from '../errors';
import { invisibleCharactersAt, invisibleCharactersError } from '../security/text';
import type { ActiveFlowVersion } from './version';

export interface AcceptedSubmission {
  /** The model as rules see it (with variant, lists and variables). */
  env: Environment;
  /** The model to store: the flow's data, and the chosen variant's constants when the flow has variants. */
  model: FlowModel;
}

const INCOMPLETE = 'De aanvraag is niet volledig of niet juist ingevuld.';

function shapeOf(version: ActiveFlowVersion, raw: unknown): FlowModel {
  const flow = version.content.documents.nl;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ApiError(400, 'De aanvraag is niet juist opgebouwd.', [{ code: CODES.malformed, extraInfo: [] }]);
  }
  const dataKeys = new Set(flow.steps.map((step) => step.dataKey));
  const unknown = Object.keys(raw).filter((key) => !dataKeys.has(key) && key !== VARIANT_KEY);
  if (unknown.length > 0) throw new ApiError(400, 'De aanvraag bevat onbekende onderdelen.', [{ code: CODES.unknownField, extraInfo: unknown }]);
  const model = { ...(raw as FlowModel) };
  if (flow.variants?.length) {
    if (!flow.variants.some((candidate) => isDeepStrictEqual(candidate.constants, model[VARIANT_KEY]))) {
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
  return model;
}

/** The ui hints of the field at `path` in a step's ui hints as the browser has them (a repeating group's item under `items`). */
function uiAt(ui: UiSchema, path: readonly string[]): UiSchema | undefined {
  let node: unknown = ui;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    const hints = node as Record<string, unknown>;
    node = /^\d+$/.test(segment) ? hints.items : Object.hasOwn(hints, segment) ? hints[segment] : undefined;
  }
  return typeof node === 'object' && node !== null ? (node as UiSchema) : undefined;
}

/** A step's ui hints as the browser has them, made once per step of a stored version. */
const stepUi = new WeakMap<FlowDocument['steps'][number], UiSchema>();

/** Names, addresses and every other single-line answer may not hold invisible characters; free text (Textarea) may. */
function refuseInvisibleCharacters(flow: FlowDocument, model: FlowModel): void {
  for (const step of flow.steps) {
    let ui = stepUi.get(step);
    if (!ui) stepUi.set(step, (ui = buildUiSchema(step.schema, step.uiSchema)));
    const hints = ui;
    const freeText = (path: readonly string[]) => String(uiAt(hints, path)?.['ui:widget'] ?? '').toLowerCase() === 'textarea';
    const where = invisibleCharactersAt(model[step.dataKey], freeText);
    if (where !== undefined) throw invisibleCharactersError(modelPathOf(step.dataKey, where));
  }
}

/** Checks a submitted model against a flow version; throws ApiError with every problem found. */
export async function acceptSubmission(
  version: ActiveFlowVersion,
  raw: unknown,
  lang: Lang,
  t: Translate,
  checkAddress: RuleServices['checkAddress'],
): Promise<AcceptedSubmission> {
  // The document in the request's language, so every message names its field in that language.
  const flow = version.content.documents[lang];
  // Control characters never get this far: JSON bodies are refused by the hook in app.ts, multipart
  // text fields by uploads/readMultipart.ts.
  const shaped = shapeOf(version, raw);
  refuseInvisibleCharacters(flow, shaped);
  const env = withEnvironment(flow, applyDerived(flow, shaped), version.content.lists[lang]);
  const hidden = misplacedData(flow, env, version.runtime.validators);
  if (hidden.length > 0) {
    throw new ApiError(
      400,
      'De aanvraag bevat gegevens van velden die niet van toepassing zijn.',
      hidden.map((path) => ({ code: CODES.hiddenField, extraInfo: [path] })),
    );
  }
  const problems: ErrorItem[] = validateFlow(flow, env, version.runtime.validators, t).flatMap((step) =>
    step.errors.map((error) => ({ code: CODES.invalidField, extraInfo: [modelPathOf(step.dataKey, error.field), error.message] })),
  );
  if (problems.length > 0) throw new ApiError(400, INCOMPLETE, problems);
  const findings = await enforceRules(flow, env, { lang, t, checkAddress });
  if (findings.length > 0)
    throw new ApiError(
      400,
      INCOMPLETE,
      findings.map((finding) => ({ code: CODES.invalidField, extraInfo: [finding.path, finding.message] })),
    );
  return { env, model: withoutEnvironment(env) };
}
