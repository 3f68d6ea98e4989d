// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { compileShippedFlows } from '../../../src/server/flows/sources';
import { t } from '../../../tests/unit/support';
import { initialStepData } from '../../core/formDefaults';
import { useStepValidation } from './useStepValidation';

const compiled = compileShippedFlows(process.cwd()).get('abonneeregistratie-zorgverlener')!;
const flow = compiled.content.documents.nl;
const [step] = flow.steps;

describe('useStepValidation', () => {
  it('loads the check after the step is shown; a left field gets its message once it is there, and Volgende can wait for it', async () => {
    const working = { [step.dataKey]: initialStepData(step, compiled.runtime.validators) };
    const { result } = renderHook(() => useStepValidation(flow, step, working, compiled.runtime.validators, t));
    // Nothing shows on a fresh step, whether or not the check is there yet.
    expect(result.current.shownErrors).toEqual({});
    act(() => result.current.touch('persoonsgegevens.bsn'));
    await waitFor(() => expect(result.current.shownErrors['persoonsgegevens.bsn']).toBe("Het veld 'BSN' is niet ingevuld."));
    await result.current.ready();
    let errors: ReturnType<typeof result.current.submit> = [];
    act(() => {
      errors = result.current.submit();
    });
    expect(errors.map((error) => error.field)).toContain('persoonsgegevens.bsn');
    expect(result.current.submitted).toBe(true);
  });
});
