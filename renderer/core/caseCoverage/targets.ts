/**
 * What a flow's test cases can reach, each with its sentence for when none does: the steps, the
 * fields, each visibility rule both ways, each value the flow sets itself, and each message a field
 * can show (its checks' and its cross-field rules').
 */
import { interpolate, type Translate } from '../i18n';
import { labelOf } from '../schemaPaths';
import type { FlowDocument } from '../types';
import { coverageFields, messageKeysOf } from './fields';
import { fieldName, plainText, quoted } from '../fieldNames';
import { keywordMessage, withoutLabel } from './messageText';
import type { CoverageItem } from './types';

export type CoverageTarget = Omit<CoverageItem, 'reached'>;

/** The id of a target: kind, step, field and what of it (unique within a flow). */
export const targetId = (kind: string, stepId: string, field = '', detail = '') => `${kind}|${stepId}|${field}|${detail}`;

/** Every target of a flow, in the order of its steps and fields. */
export function coverageTargets(flow: FlowDocument, t: Translate): CoverageTarget[] {
  const targets: CoverageTarget[] = [];
  for (const step of flow.steps) {
    const stepTitle = plainText(step.title);
    const base = { stepId: step.id, stepTitle };
    const nameOf = (path: string) => (path === '' ? { label: stepTitle } : fieldName(step, path));
    targets.push({
      ...base,
      id: targetId('step', step.id),
      kind: 'step',
      text: `Niet getest: stap ‘${stepTitle}’ — geen testgeval vult hem in of krijgt er een melding.`,
    });
    for (const field of coverageFields(step)) {
      const name = field.choice ? { label: plainText((field.schema['x-choiceLabel'] as string | undefined) ?? t('wizard.choice')) } : nameOf(field.path);
      const at = { ...base, field: field.path, ...name };
      if (!field.choice)
        targets.push({
          ...at,
          id: targetId('field', step.id, field.path),
          kind: 'field',
          text: `Niet getest: ${quoted(name)} — geen testgeval vult het in of krijgt er een melding bij.`,
        });
      for (const key of messageKeysOf(field)) {
        const text = keywordMessage(step, field, key, t);
        targets.push({
          ...at,
          id: targetId('message', step.id, field.path, key),
          kind: 'message',
          message: { key, text, rule: false },
          text: `Melding ‘${text}’ van ${quoted(name)} komt in geen testgeval voor.`,
        });
      }
    }
    for (const rule of step.rules ?? []) {
      const name = nameOf(rule.field);
      const label = labelOf(step.schema, rule.field);
      const text = withoutLabel(interpolate(rule.message, { label }), label);
      const key = `rule:${rule.id}`;
      targets.push({
        ...base,
        id: targetId('message', step.id, rule.field, key),
        kind: 'message',
        field: rule.field,
        ...name,
        message: { key, text, rule: true },
        text: `Regel over meer velden bij ${quoted(name)} (melding ‘${text}’) slaat in geen testgeval aan.`,
      });
    }
    for (const key of Object.keys(step.visibleIf ?? {})) {
      const name = nameOf(key);
      targets.push({ ...base, id: targetId('shown', step.id, key), kind: 'shown', field: key, ...name, text: `Niet getest: ${quoted(name)} zichtbaar.` });
      targets.push({ ...base, id: targetId('hidden', step.id, key), kind: 'hidden', field: key, ...name, text: `Niet getest: ${quoted(name)} verborgen.` });
    }
    (step.derive ?? []).forEach((rule, index) => {
      const name = nameOf(rule.field);
      targets.push({
        ...base,
        id: targetId('derive', step.id, rule.field, String(index)),
        kind: 'derive',
        field: rule.field,
        ...name,
        text: `Niet getest: ${quoted(name)} door de flow zelf ingevuld.`,
      });
    });
  }
  return targets;
}
