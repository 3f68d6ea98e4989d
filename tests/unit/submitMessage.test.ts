/** What the applicant is told when the server refuses a submit. */
import { describe, expect, it } from 'vitest';
import { submitErrorMessage } from '../../renderer/core/submit';
import type { JsonSubmit, UploadSubmit } from '../../renderer/core/types';
import { t } from './support';

const json: JsonSubmit = { kind: 'json', url: '/api/proef/indienen', failureMessage: 'Het versturen is mislukt.' };
const upload: UploadSubmit = { kind: 'upload', url: '/api/proef/upload', failureMessage: 'Het opslaan is mislukt.', codeHeading: 'Bestand', codeMessages: { 'UPKC10V-01': 'Toegestaan: {list}.' } };

describe('submitErrorMessage', () => {
  it('lists every refused field with its model path and message', () => {
    const message = submitErrorMessage(json, { errors: [{ code: 'UVAL-01', extraInfo: ['gegevens.bsn', "Het veld 'BSN' is ongeldig."] }, { code: 'UVAL-01', extraInfo: ['gegevens.naam', 'Te lang.'] }] }, t);
    expect(message.heading).toBe(t('wizard.errorSummaryTitle'));
    expect(message.refusals).toEqual([
      { path: 'gegevens.bsn', message: "Het veld 'BSN' is ongeldig." },
      { path: 'gegevens.naam', message: 'Te lang.' },
    ]);
  });

  it('says the form changed for a version that is gone, and to reload for a stale page', () => {
    expect(submitErrorMessage(json, { errors: [{ code: 'UVER-01', extraInfo: [] }] }, t).text).toBe(t('wizard.versionChanged'));
    expect(submitErrorMessage(json, { errors: [{ code: 'UCSRF-01', extraInfo: [] }] }, t).text).toBe(t('wizard.reload'));
  });

  it("uses the flow's own wording of a code, else its failure text", () => {
    expect(submitErrorMessage(upload, { errors: [{ code: 'UPKC10V-01', extraInfo: ['4096'] }] }, t)).toEqual({ heading: 'Bestand', text: 'Toegestaan: 4096.' });
    expect(submitErrorMessage(upload, undefined, t)).toEqual({ text: 'Het opslaan is mislukt.' });
    expect(submitErrorMessage(json, { errors: [{ code: 'UPKC10V-01', extraInfo: [] }] }, t)).toEqual({ text: 'Het versturen is mislukt.' });
  });
});
