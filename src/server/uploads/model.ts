/**
 * Rebuilds the flow model from the multipart fields of an upload, the same way the browser built
 * them (renderer/core/uploadFields.ts: every field of every step, typed by its schema), and knows
 * the request's shape — which fields carry files under which limits, which may repeat.
 */
import { setAt } from '../../../renderer/core/paths';
import { fromText, uploadParts } from '../../../renderer/core/uploadFields';
import {
  SCENARIO_NUMBER,
  type FileRef,
  type FileRules,
  type FlowDocument,
  type FlowModel,
  type Scenario,
  type UploadSubmit,
} from '../../../renderer/core/types';
import { nestsDeeperThan } from '../../shared/jsonDepth';
import { ApiError, CODES } from '../errors';
import type { StoredFileInput } from '../storage';
import type { MultipartShape } from './readMultipart';

export function multipartShape(flow: FlowDocument, submit: UploadSubmit): MultipartShape {
  const parts = uploadParts(flow, submit);
  const repeatable = parts.filter((part) => part.encoding === 'repeated');
  return {
    // Every field once, a list of choices up to a hundred items, and some room; far more is no form of ours.
    maxFields: Math.max(50, parts.length + 1 + repeatable.length * 100),
    fileFields: Object.fromEntries(parts.filter((part) => part.encoding === 'files').map((part) => [part.name, part.schema['x-files'] as FileRules])),
    repeatable: new Set(repeatable.map((part) => part.name)),
  };
}

export interface RebuiltSubmission {
  model: FlowModel;
  scenario: Scenario;
}

function malformed(name: string): ApiError {
  return new ApiError(400, 'Het verzoek is niet juist opgebouwd.', [{ code: CODES.malformed, extraInfo: [name] }]);
}

export function rebuildModel(flow: FlowDocument, submit: UploadSubmit, fields: Record<string, string[]>, files: StoredFileInput[]): RebuiltSubmission {
  const parts = uploadParts(flow, submit);
  const known = new Set([...parts.map((part) => part.name), ...(submit.scenarioField ? [submit.scenarioField] : [])]);
  const unknown = Object.keys(fields).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new ApiError(400, 'Het verzoek bevat onbekende velden.', [{ code: CODES.unknownField, extraInfo: unknown }]);
  let model: FlowModel = Object.fromEntries(flow.steps.map((step) => [step.dataKey, {}]));
  for (const part of parts) {
    let value: unknown;
    if (part.encoding === 'files') {
      const refs: FileRef[] = files
        .filter((file) => file.fieldName === part.name)
        .map((file, index) => ({ id: `${part.name}-${index + 1}`, name: file.fileName, size: file.size, type: file.mimeType }));
      value = refs.length > 0 ? refs : undefined;
    } else {
      const texts = Object.hasOwn(fields, part.name) ? fields[part.name] : [];
      if (part.encoding === 'repeated') value = texts.length > 0 ? texts.map((text) => fromText(text, part.schema.items ?? {})) : undefined;
      else if (part.encoding === 'json') {
        try {
          // Nested beyond any answer's depth: refused before it is parsed or walked.
          if (texts[0] !== undefined && nestsDeeperThan(texts[0])) throw malformed(part.name);
          value = texts[0] === undefined || texts[0] === '' ? undefined : (JSON.parse(texts[0]) as unknown);
        } catch {
          throw malformed(part.name);
        }
      } else value = texts[0] === undefined ? undefined : fromText(texts[0], part.schema);
    }
    if (value !== undefined) model = setAt(model, part.modelPath, value) as FlowModel;
  }
  let scenario: Scenario = flow.scenarios[0];
  if (submit.scenarioField) {
    const text = fields[submit.scenarioField]?.[0] ?? '';
    const found = flow.scenarios.find((candidate) => String(SCENARIO_NUMBER[candidate]) === text);
    if (!found) throw new ApiError(400, 'Onbekend scenario.', [{ code: CODES.invalidField, extraInfo: [submit.scenarioField] }]);
    scenario = found;
  }
  return { model, scenario };
}
