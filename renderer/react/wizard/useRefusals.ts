/**
 * What the server refused when the flow was sent: each refused field with the spec's message, kept
 * while the field still holds the refused value. The review lists them with a link to their step,
 * and the step shows each message at its field, so the applicant can put it right without losing
 * anything else.
 */
import { useState } from 'react';
import type { Environment } from '../../core/environment';
import { getAt } from '../../core/paths';
import type { Refusal } from '../../core/submit';
import type { FlowDocument } from '../../core/types';

export interface StandingRefusal extends Refusal {
  stepId: string;
  /** Path within the step. */
  field: string;
}

export interface Refusals {
  /** The refusals whose field still holds the refused value. */
  standing: StandingRefusal[];
  /** Field path -> message, for the step with this data key. */
  forStep: (dataKey: string) => Record<string, string>;
  /** Remembers the refusals of a send, with the values they refused. */
  remember: (refusals: Refusal[], model: Environment) => void;
}

export function useRefusals(flow: FlowDocument, working: Environment): Refusals {
  const [refused, setRefused] = useState<(Refusal & { value: string })[]>([]);
  // A refusal of a step as a whole (a choice not made) has the step's data key as its path.
  const inStep = (path: string, dataKey: string) => path === dataKey || path.startsWith(`${dataKey}.`);
  const standing = refused.flatMap(({ path, message, value }) => {
    const step = flow.steps.find((candidate) => inStep(path, candidate.dataKey));
    if (!step || JSON.stringify(getAt(working, path) ?? null) !== value) return [];
    return [{ path, message, stepId: step.id, field: path.slice(step.dataKey.length + 1) }];
  });
  return {
    standing,
    forStep: (dataKey) => Object.fromEntries(standing.filter((refusal) => inStep(refusal.path, dataKey)).map((refusal) => [refusal.field, refusal.message])),
    remember: (refusals, model) => setRefused(refusals.map((refusal) => ({ ...refusal, value: JSON.stringify(getAt(model, refusal.path) ?? null) }))),
  };
}
