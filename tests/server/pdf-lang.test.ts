/**
 * An English printed form prints a flow text that has no current English in Dutch, and says so in
 * its tagged structure: the structure element of that text (heading, paragraph, table cell, list
 * item, signer's role) carries /Lang (nl-NL), while the document is en-GB. Also through the form's
 * own builder: a Dutch label and option of the review, and a Dutch block of the review's closing text.
 */
import { describe, expect, it } from 'vitest';
import { withEnvironment } from '../../renderer/core/environment';
import { createTranslate } from '../../renderer/core/i18n';
import englishMessages from '../../renderer/core/i18n/messages.en.json';
import { applicationPdfModel } from '../../src/server/confirmation/applicationPdf';
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { renderPdf } from '../../src/server/pdf/index.js';
import { edited } from '../helpers/flowEdits';

/** The structure types (/S) of the elements tagged /Lang (nl-NL), in the order of the file. */
function dutchElements(pdf: Uint8Array): string[] {
  const text = Buffer.from(pdf).toString('latin1');
  return [...text.matchAll(/\d+ 0 obj\s*<<([\s\S]*?)>>\s*endobj/g)].flatMap(([, body]) =>
    body.includes('/Lang (nl-NL)') ? [/\/S \/(\w+)/.exec(body)?.[1] ?? '?'] : [],
  );
}

describe('Dutch texts on an English printed form', () => {
  it('tag each element that holds one with /Lang (nl-NL), inside an en-GB document', async () => {
    const pdf = await renderPdf({
      lang: 'en',
      registerName: 'ZOVAR',
      title: 'Application',
      meta: [],
      blocks: [
        { kind: 'heading', text: 'Kosten', lang: 'nl-NL' },
        { kind: 'paragraph', text: 'A translated paragraph.' },
        { kind: 'paragraph', text: 'Bewaar uw kenmerk.', lang: 'nl-NL' },
        {
          kind: 'rows',
          rows: [
            { label: 'Hoe identificeert u zich?', labelLang: 'nl-NL', value: 'Via de uitgifteorganisatie', valueLang: 'nl-NL' },
            { label: 'Name', value: 'Jansen' },
          ],
        },
        { kind: 'list', items: ['One', 'Twee'], langs: [undefined, 'nl-NL'] },
        { kind: 'signature', heading: 'Signature', signers: [{ title: 'Aanvrager', titleLang: 'nl-NL' }] },
      ],
    });
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Lang (en-GB)');
    expect(dutchElements(pdf).sort()).toEqual(['H2', 'H3', 'LBody', 'P', 'TD', 'TH']);
  });

  it('are tagged so by the application form built from an English flow document', async () => {
    const input = flowInputs(process.cwd()).find((candidate) => candidate.expectedId === 'aanvraag-servercertificaat')!;
    const changed = edited(input, (document) => {
      document.steps[0].schema.properties.aanvragerIdentificeren.title = 'Hoe identificeert u zich?';
      document.steps[0].schema.properties.aanvragerIdentificeren['x-enumNames'][0] = 'Via de uitgifteorganisatie';
      document.review.outro[1].text = 'Een servercertificaat kost 450 euro.';
    });
    const result = createPipeline(loadPipelineSources(process.cwd()))(changed);
    if (!result.ok) throw new Error('geweigerd');
    const flow = result.flow.content.documents.en;
    const env = withEnvironment(flow, {
      uwGegevens: { isAbonnee: true, aanvragerGeboortenaam: 'Jansen', aanvragerIdentificeren: 0 },
      certificateSigningRequest: {},
    });
    const model = applicationPdfModel({
      flow,
      env,
      scenario: 'zovar',
      t: createTranslate(englishMessages as Record<string, string>),
      lang: 'en',
      validators: result.flow.runtime.validators,
    });
    const rows = model.blocks.flatMap((block) => (block.kind === 'rows' ? block.rows : []));
    expect(rows.find((row) => row.label === 'Hoe identificeert u zich?')).toMatchObject({
      value: 'Via de uitgifteorganisatie',
      labelLang: 'nl-NL',
      valueLang: 'nl-NL',
    });
    expect(rows.find((row) => row.label === 'Surname at birth')).toEqual({ label: 'Surname at birth', value: 'Jansen' });
    expect(model.blocks).toContainEqual({ kind: 'paragraph', text: 'Een servercertificaat kost 450 euro.', lang: 'nl-NL' });
    expect(dutchElements(await renderPdf(model)).sort()).toEqual(['P', 'TD', 'TH']);
  });
});
