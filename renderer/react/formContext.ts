/**
 * What the renderer's templates read about the step being shown. The changing part (messages,
 * hidden fields, boxes, variables) travels in a React context, not in rjsf's formContext: a new
 * formContext makes rjsf re-derive its whole state, which would drop a change it has not reported
 * yet (a click right after a blur) and costs time on every key press.
 */
import { createContext, useContext } from 'react';
import type { TextLang } from '../core/dutchTexts';
import type { Lang, TextParams, Translate } from '../core/i18n';
import type { StepBox } from '../core/types';

export interface RendererContext {
  t: Translate;
  lang: Lang;
  /** Which texts of the flow an English page shows in Dutch: those get `lang="nl"` (none when absent). */
  textLang?: TextLang;
  /** Id prefix of the form; field ids are `${idPrefix}_${path with _}`. */
  idPrefix: string;
  /**
   * Plain data behind the functions below. rjsf compares props deeply but treats functions as
   * equal, so a change must show in data for the fields to render again.
   */
  state: {
    shownErrors: Record<string, string>;
    hidden: string[];
    boxes: StepBox[];
    /** Flow variables for `{name}` placeholders in labels. */
    vars: TextParams;
    /** Field path -> the option values allowed now (from `x-optionsFilter`). */
    options: Record<string, { allowed: (string | number)[]; top: (string | number)[] }>;
    /** Fields the flow sets itself right now (shown read-only). */
    derived: string[];
    /** The choices between groups of fields on the step (`oneOf`/`anyOf`), where each is and what is chosen. */
    choices: ShownChoice[];
  };
  /** Services widgets may call (e.g. `lookupPostcode`). */
  services?: Record<string, unknown>;
  /** The message to show for a field path now (after blur or submit), if any. */
  errorFor: (path: string) => string | undefined;
  isHidden: (path: string) => boolean;
  /** Boxes whose rule holds, by the field they follow ('' = top of the step). */
  boxesAfter: (path: string) => StepBox[];
  /** The applicant chooses option `index` of the choice on the object at `path`. */
  choose: (path: string, index: number) => void;
}

/** A choice between groups of fields as the step shows it. */
export interface ShownChoice {
  /** Data path of the object it is on ('' for the step). */
  path: string;
  /** The question above the options, when the flow gives one. */
  label?: string;
  /** The options' titles. */
  options: string[];
  /** The option chosen; -1 for none yet. */
  chosen: number;
  /** The object's own fields: the choice is asked after them. */
  fields: string[];
}

export function pathOf(segments: readonly (string | number)[]): string {
  return segments.map(String).join('.');
}

export function fieldId(idPrefix: string, path: string): string {
  return [idPrefix, ...path.split('.')].join('_');
}

/** The step's current renderer context, provided around the form. */
export const StepStateContext = createContext<RendererContext | undefined>(undefined);

/** The current renderer context: from the provider, else from rjsf's formContext (templates used alone). */
export function useRendererContext(formContext: unknown): RendererContext {
  return useContext(StepStateContext) ?? (formContext as RendererContext);
}
