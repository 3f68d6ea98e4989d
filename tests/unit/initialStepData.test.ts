import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileShippedFlows } from '../../src/server/flows/sources';
import { initialStepData } from '../../renderer/core/formDefaults';

const flows = [...compileShippedFlows(process.cwd(), { examples: true }).values()];
const cases = flows.flatMap((compiled) =>
  compiled.content.documents.nl.steps.map((step) => [`${compiled.flowId} / ${step.id}`, step, compiled.runtime.validators] as const),
);

afterEach(() => vi.restoreAllMocks());

describe('initialStepData', () => {
  it.each(cases)('%s: works out its defaults without falling back', (_label, step, validators) => {
    const failed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const data = initialStepData(step, validators);
    expect(failed).not.toHaveBeenCalled();
    expect(data).toBeTypeOf('object');
  });

  it('takes the defaults a flow gives, also in a step whose conditions decide what is shown', () => {
    const byId = new Map<string, { step: (typeof cases)[number][1]; validators: (typeof cases)[number][2] }>(
      cases.map(([label, step, validators]) => [label, { step, validators }]),
    );
    const address = byId.get('abonneeregistratie-zorgverlener / stap1')!;
    // The address starts Dutch and the postal address equal to the visiting address.
    expect(JSON.stringify(initialStepData(address.step, address.validators))).toContain('"postadresIsGelijkAanBezoekAdres":true');
    for (const label of ['voorbeeld-keuze / stap1', 'voorbeeld-als-dan / stap1', 'voorbeeld-afhankelijkheden / stap1']) {
      const { step, validators } = byId.get(label)!;
      expect(() => initialStepData(step, validators)).not.toThrow();
    }
  });
});
