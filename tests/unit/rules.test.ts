/** The rule kinds' lists stay one: every kind's step validation runs in validateStep, nothing else does. */
import { describe, expect, it } from 'vitest';
import { RULE_KINDS } from '../../renderer/core/rules';
import { STEP_VALIDATIONS } from '../../renderer/core/rules/validation';

describe('rule kinds', () => {
  it('validate each step with exactly the validations of the kinds', () => {
    const ofKinds = RULE_KINDS.flatMap((kind) => (kind.validate ? [kind.validate] : []));
    expect(new Set<unknown>(STEP_VALIDATIONS)).toEqual(new Set<unknown>(ofKinds));
  });

  it('have a check each and unique names', () => {
    for (const kind of RULE_KINDS) expect(typeof kind.check, kind.name).toBe('function');
    expect(new Set(RULE_KINDS.map((kind) => kind.name)).size).toBe(RULE_KINDS.length);
  });
});
