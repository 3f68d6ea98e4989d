/**
 * The parts of the renderer a step may not need, loaded when first shown: the widgets and rjsf
 * fields of widgets/ and ./fields, the text blocks above and below a step (./ContentBlocks) and the
 * question of a choice between groups of fields (./templates/ChoiceField).
 * `preloadStepCode` starts loading what given steps render, by the names core/stepCode.ts finds in
 * them — the same names the server uses to preload a step's code with its page, and sends with the flow.
 */
import { lazyComponent } from '../../widgets/shared/lazyComponent';
import { preloadUiCode } from '../../widgets';
import { stepCodeNames } from '../core/stepCode';
import type { StepDefinition } from '../core/types';
import type { ContentBlocksProps } from './ContentBlocks';
import type { ChoiceFieldProps } from './templates/ChoiceField';
import { preloadFieldCode } from './fields';

const LazyContentBlocks = lazyComponent<ContentBlocksProps>(() => import('./ContentBlocks').then((module) => module.ContentBlocks));

/** A step's (or page's) text blocks; nothing to load when it has none. */
export function ContentBlocks(props: ContentBlocksProps) {
  return props.blocks?.length ? <LazyContentBlocks {...props} /> : null;
}

/** The question of a choice between groups of fields (only steps with one ask it). */
export const ChoiceField = lazyComponent<ChoiceFieldProps>(() => import('./templates/ChoiceField').then((module) => module.ChoiceField));

const parts: Record<string, { preload: () => Promise<unknown> }> = { ContentBlocks: LazyContentBlocks, ChoiceField };

/**
 * Starts loading the on-demand code that the forms of `steps` render: by the names the server found
 * in them (`names`, by step id: the flow comes with them), else by reading the steps here.
 */
export function preloadStepCode(
  steps: Pick<StepDefinition, 'id' | 'schema' | 'uiSchema' | 'intro' | 'outro'>[],
  names?: Record<string, string[]>,
): Promise<unknown> {
  const wanted = names ? new Set(steps.flatMap((step) => names[step.id] ?? [])) : stepCodeNames(steps);
  return Promise.all([
    preloadUiCode(wanted),
    preloadFieldCode(wanted),
    ...[...wanted].filter((name) => Object.hasOwn(parts, name)).map((name) => parts[name].preload()),
  ]);
}

/** Starts loading the text blocks' code (for the pages after the steps). */
export const preloadContentBlocks = (): Promise<unknown> => LazyContentBlocks.preload();
