/** Shared helpers of the core unit tests (not a test file itself). */
import nlMessages from '../../renderer/core/i18n/messages.nl.json';
import { createTranslate, type Translate } from '../../renderer/core/i18n';
import type { FlowDocument, StepDefinition } from '../../renderer/core/types';

/** `Translate` over the real Dutch catalogue. */
export const t: Translate = createTranslate(nlMessages as Record<string, string>);

/** A minimal flow document around the given steps (review/submit/confirmation are not read by the core under test). */
export function makeFlow(steps: StepDefinition[], id = 'testflow'): FlowDocument {
  return {
    id,
    scenarios: ['uzi'],
    title: 'Testflow',
    headerName: 'Testflow',
    steps,
    review: { id: 'controleren', title: 'Controleren', submitLabel: 'Versturen' },
    submit: { kind: 'navigate' },
    confirmation: { title: 'Bevestiging', blocks: [] },
  };
}
