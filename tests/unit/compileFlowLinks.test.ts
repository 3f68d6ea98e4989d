/**
 * Link addresses in the flow pipeline: a link block's address, a download's address and every link
 * in a text's markup (Dutch and English) may only be https, mailto or an address within the portal;
 * a script (`javascript:`, `vbscript:`), a data URL, an unencrypted or scheme-less address of
 * another site is refused with a sentence that says where, as the other findings do.
 */
import { describe, expect, it } from 'vitest';
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { edited, problemsOf, type Json } from '../helpers/flowEdits';

const compile = createPipeline(loadPipelineSources(process.cwd()));
const DOCUMENTS = flowInputs(process.cwd()).find((input) => input.expectedId === 'aanleveren-documenten')!;
const HOSTILE = ['javascript:alert(1)', 'JavaScript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'http://elders.nl', '//elders.nl'];
const ALLOWED = ['https://www.uziregister.nl/contact', 'mailto:info@uziregister.nl', '/uzi/aanleveren-documenten', '#inhoud'];

/** The documents flow with `block` added at the end of its confirmation page. */
const withBlock = (block: Json) => edited(DOCUMENTS, (document) => document.confirmation.blocks.push(block));
const messages = (result: ReturnType<typeof compile>) => problemsOf(result).map((problem) => problem.message);

describe('link addresses in the pipeline', () => {
  it('refuses a script, data or insecure address in a link block, a download and a text link', () => {
    for (const address of HOSTILE) {
      for (const block of [
        { kind: 'link', text: 'Meer weten', href: address },
        { kind: 'download', text: 'Formulier', url: address },
        { kind: 'paragraph', text: `Lees <a href="${address}">de voorwaarden</a>.` },
        { kind: 'list', items: [`Zie <a href="${address}">hier</a>`] },
        { kind: 'alert', type: 'info', text: `Let op: <strong><a href="${address}">dit</a></strong>` },
      ]) {
        const found = messages(compile(withBlock(block)));
        expect(found, `${block.kind} ${address}`).toHaveLength(1);
        // Where (the page and the block) and what, in one administrator's sentence.
        expect(found[0], `${block.kind} ${address}`).toMatch(/bevestigingspagina/);
        expect(found[0]).toContain(`de link naar '${address}' is niet toegestaan.`);
        expect(found[0]).toMatch(/\.$/);
      }
    }
  });

  it('accepts https, mailto and addresses within the portal', () => {
    for (const address of ALLOWED) {
      const result = compile(withBlock({ kind: 'paragraph', text: `Lees <a href="${address}">dit</a>.` }));
      expect(result.ok, address).toBe(true);
      expect(compile(withBlock({ kind: 'link', text: 'Meer weten', href: address })).ok, address).toBe(true);
    }
  });

  it('refuses a script address in the English text of a link', () => {
    const english = JSON.parse(DOCUMENTS.english!.text) as Record<string, { nl: string; en: string }>;
    const key = Object.keys(english).find((name) => name.endsWith('.text') && !english[name].nl.includes('<'))!;
    expect(key).toBeDefined();
    english[key] = { nl: english[key].nl, en: `${english[key].en} <a href="javascript:alert(1)">More</a>` };
    const input = { ...DOCUMENTS, english: { ...DOCUMENTS.english!, text: `${JSON.stringify(english, null, 2)}\n` } };
    const found = messages(compile(input));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("de link naar 'javascript:alert(1)' in de Engelse tekst is niet toegestaan.");
  });
});
