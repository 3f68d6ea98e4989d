/** What the applicant is told when the server refuses a submit. */
import { describe, expect, it } from 'vitest';
import { submitErrorMessage } from '../../renderer/core/submit';
import type { JsonSubmit, UploadSubmit } from '../../renderer/core/types';
import nlWidgets from '../../widgets/i18n/nl.json';
import { createTranslate } from '../../renderer/core/i18n';
import nlMessages from '../../renderer/core/i18n/messages.nl.json';

// The portal's translate: the core catalogue and the widgets' (file messages) together.
const t = createTranslate({ ...(nlMessages as Record<string, string>), ...(nlWidgets as Record<string, string>) });

const json: JsonSubmit = { kind: 'json', url: '/api/proef/indienen', failureMessage: 'Het versturen is mislukt.' };
const upload: UploadSubmit = {
  kind: 'upload',
  url: '/api/proef/upload',
  failureMessage: 'Het opslaan is mislukt.',
  codeHeading: 'Bestand',
  codeMessages: { 'UPKC10V-01': 'Toegestaan: {list}.' },
};

describe('submitErrorMessage', () => {
  it('lists every refused field with its model path and message', () => {
    const message = submitErrorMessage(
      json,
      {
        errors: [
          { code: 'UVAL-01', extraInfo: ['gegevens.bsn', "Het veld 'BSN' is ongeldig."] },
          { code: 'UVAL-01', extraInfo: ['gegevens.naam', 'Te lang.'] },
        ],
      },
      t,
    );
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

describe('submitErrorMessage for refused files', () => {
  it("names the file in the picker's words and puts the message at the file field", () => {
    const message = submitErrorMessage(upload, { errors: [{ code: 'UFILE-01', extraInfo: ['scan.pdf', '10 MB'] }] }, t, 'documenten.documenten');
    expect(message.refusals).toEqual([{ path: 'documenten.documenten', message: t('widget.file.error.tooBig', { filename: 'scan.pdf', maxSize: '10 MB' }) }]);
    expect(message.refusals![0].message).toContain("'scan.pdf'");
    const type = submitErrorMessage(upload, { errors: [{ code: 'UFILE-02', extraInfo: ['foto.jpg', 'pdf', 'jpg'] }] }, t, 'documenten.documenten');
    expect(type.refusals![0].message).toBe(t('widget.file.error.mime', { filename: 'foto.jpg', allowedTypes: 'PDF en JPG' }));
  });

  it('answers a file code it does not know with the unknown-filter message of doc 2 §5', () => {
    const message = submitErrorMessage(upload, { errors: [{ code: 'UFILE-99', extraInfo: ['raar.pdf'] }] }, t, 'documenten.documenten');
    expect(message.refusals![0].message).toBe("Onbekende fout (UFILE-99) bij het toevoegen van bestand 'raar.pdf'.");
  });

  it("puts a check's own code at the file field, and falls back to the failure text when its list is missing", () => {
    const coded = submitErrorMessage(upload, { errors: [{ code: 'UPKC10V-01', extraInfo: ['4096'] }] }, t, 'pkcs10.bestanden');
    expect(coded).toEqual({ heading: 'Bestand', text: t('wizard.replaceFile'), refusals: [{ path: 'pkcs10.bestanden', message: 'Toegestaan: 4096.' }] });
    expect(submitErrorMessage(upload, { errors: [{ code: 'UPKC10V-01', extraInfo: [] }] }, t, 'pkcs10.bestanden')).toEqual({ text: 'Het opslaan is mislukt.' });
  });
});
