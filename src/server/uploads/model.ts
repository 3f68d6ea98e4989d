/**
 * Rebuilds the flow model from the multipart fields of a submission, using the flow's own submit
 * mapping (the browser builds the request from the same mapping), typed by the step schemas.
 */
import { schemaAt } from '../../../renderer/core/schemaPaths';
import { SCENARIO_NUMBER, type FileRef, type FlowDocument, type FlowModel, type Scenario, type UploadSubmit } from '../../../renderer/core/types';
import { ApiError, CODES } from '../errors';
import type { StoredFileInput } from '../storage';

function setPath(model: FlowModel, path: string, value: unknown): void {
  const [dataKey, ...rest] = path.split('.');
  let node: Record<string, unknown> = (model[dataKey] ??= {});
  rest.slice(0, -1).forEach((key) => {
    node = (node[key] ??= {}) as Record<string, unknown>;
  });
  node[rest.at(-1)!] = value;
}

function coerce(text: string, type: unknown): unknown {
  if (text === '') return undefined;
  if (type === 'integer' || type === 'number') {
    // Plain decimal notation only ('0x1' or '1e3' stay text and fail the schema's type check).
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

function schemaTypeAt(flow: FlowDocument, modelPath: string): unknown {
  const [dataKey, ...rest] = modelPath.split('.');
  const step = flow.steps.find((candidate) => candidate.dataKey === dataKey);
  return step ? schemaAt(step.schema, rest.join('.'))?.type : undefined;
}

export interface RebuiltSubmission {
  model: FlowModel;
  scenario: Scenario;
}

export function rebuildModel(flow: FlowDocument, submit: UploadSubmit, fields: Record<string, string>, files: StoredFileInput[]): RebuiltSubmission {
  const unknown = Object.keys(fields).filter((name) => !(name in submit.fields));
  if (unknown.length > 0) throw new ApiError(400, 'Het verzoek bevat onbekende velden.', [{ code: CODES.unknownField, extraInfo: unknown }]);
  const model: FlowModel = {};
  let scenario: Scenario = flow.scenarios[0];
  for (const [name, source] of Object.entries(submit.fields)) {
    const text = fields[name] ?? '';
    if (typeof source === 'string') {
      const value = coerce(text, schemaTypeAt(flow, source));
      if (value !== undefined) setPath(model, source, value);
    } else if (source.source === 'scenarioNumber') {
      const found = flow.scenarios.find((candidate) => String(SCENARIO_NUMBER[candidate]) === text);
      if (!found) throw new ApiError(400, 'Onbekend scenario.', [{ code: CODES.invalidField, extraInfo: [name] }]);
      scenario = found;
    }
  }
  const refs: FileRef[] = files.map((file, index) => ({ id: `bestand-${index + 1}`, name: file.fileName, size: file.size, type: file.mimeType }));
  if (refs.length > 0) setPath(model, submit.files.from, refs);
  for (const step of flow.steps) model[step.dataKey] ??= {};
  return { model, scenario };
}
