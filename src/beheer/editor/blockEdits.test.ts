// Content blocks of a real flow's confirmation page and a step's introduction added, changed, moved
// and removed in the text: new blocks get an id, changed ones keep theirs, links go only to allowed
// addresses (the form and the pipeline both refuse others), and the result compiles.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileText, problemsOfText } from '../../../tests/helpers/compileText';
import { addBlock, blockFromDraft, blockSummary, draftOf, draftProblems, moveBlock, readBlocks, removeBlock, updateBlock } from './blockEdits';

const SERVER = readFileSync('flows/aanvraag-servercertificaat.flow.json', 'utf8');
const FILE = 'flows/aanvraag-servercertificaat.flow.json';
const CONFIRMATION = ['confirmation', 'blocks'];

describe('content blocks in the text of a flow', () => {
  it('adds an alert and a link with ids, changes one keeping its id, moves and removes blocks; the flow compiles', () => {
    const alert = blockFromDraft({
      ...draftOf('alert'),
      type: 'warning',
      title: 'Let op',
      text: 'Uw aanvraag is pas compleet met het <strong>ondertekende</strong> formulier.',
    });
    let text = addBlock(SERVER, CONFIRMATION, alert, 1);
    const link = blockFromDraft({ ...draftOf('link'), text: 'Meer over servercertificaten', address: 'https://www.zorgcsp.nl/servercertificaten' });
    text = addBlock(text, CONFIRMATION, link);
    let blocks = readBlocks(text, CONFIRMATION);
    expect(blocks[1]).toEqual({
      id: 'let-op',
      kind: 'alert',
      type: 'warning',
      title: 'Let op',
      text: 'Uw aanvraag is pas compleet met het <strong>ondertekende</strong> formulier.',
    });
    expect(blocks.at(-1)).toEqual({
      id: 'meer-over-servercertificaten',
      kind: 'link',
      text: 'Meer over servercertificaten',
      href: 'https://www.zorgcsp.nl/servercertificaten',
      external: true,
    });
    // Written on one line, as the flow writes its blocks.
    expect(text).toContain('{ "id": "let-op", "kind": "alert", "type": "warning", "title": "Let op", "text": ');

    text = updateBlock(text, CONFIRMATION, 1, blockFromDraft({ ...draftOf(blocks[1]), title: 'Belangrijk' }, blocks[1]));
    expect(readBlocks(text, CONFIRMATION)[1]).toMatchObject({ id: 'let-op', title: 'Belangrijk' });
    text = moveBlock(text, CONFIRMATION, 1, 0);
    expect(
      readBlocks(text, CONFIRMATION)
        .slice(0, 2)
        .map((block) => block.kind),
    ).toEqual(['alert', 'alert']);
    expect(readBlocks(text, CONFIRMATION)[0]).toMatchObject({ id: 'let-op' });
    // A second block from the same words gets an id of its own.
    text = addBlock(text, CONFIRMATION, blockFromDraft({ ...draftOf('alert'), title: 'Let op', text: 'Nog iets.' }));
    expect(readBlocks(text, CONFIRMATION).at(-1)?.id).toBe('let-op-2');

    const compiled = compileText(text, FILE);
    expect(compiled.content.documents.nl.confirmation.blocks[0]).toMatchObject({ id: 'let-op', kind: 'alert', title: 'Belangrijk' });

    blocks = readBlocks(text, CONFIRMATION);
    text = removeBlock(text, CONFIRMATION, blocks.length - 1);
    expect(readBlocks(text, CONFIRMATION)).toHaveLength(blocks.length - 1);
  });

  it('keeps a block\u2019s rule when its texts change, and removes an emptied closing text', () => {
    const ruled = { kind: 'heading', text: 'Oud', numbered: true, visibleIf: { '==': [{ var: 'uwGegevens.isAbonnee' }, true] } };
    const INTRO = ['steps', 1, 'outro'];
    expect(readBlocks(SERVER, INTRO)).toEqual([]);
    let text = addBlock(SERVER, INTRO, ruled);
    const [block] = readBlocks(text, INTRO);
    text = updateBlock(text, INTRO, 0, blockFromDraft({ ...draftOf(block), text: 'Nieuw', level: 3 }, block));
    expect(readBlocks(text, INTRO)[0]).toEqual({ id: 'oud', kind: 'heading', text: 'Nieuw', level: 3, numbered: true, visibleIf: ruled.visibleIf });
    compileText(text, FILE);
    expect(JSON.parse(removeBlock(text, INTRO, 0)).steps[1].outro).toBeUndefined();
    expect(JSON.parse(removeBlock(SERVER, CONFIRMATION, 0, true)).confirmation.blocks).toHaveLength(readBlocks(SERVER, CONFIRMATION).length - 1);
  });

  it('refuses links to addresses the portal does not allow, in the form and in the pipeline', () => {
    expect(draftProblems({ ...draftOf('link'), text: 'Klik', address: 'javascript:alert(1)' })).toEqual({
      address: 'Alleen een adres met https://, mailto: of een adres binnen het portaal (zoals /home) is toegestaan.',
    });
    expect(draftProblems({ ...draftOf('link'), text: '', address: 'http://www.uziregister.nl' })).toEqual({
      text: "Het veld 'Tekst' is niet ingevuld.",
      address: 'Gebruik een beveiligd adres: https:// in plaats van http://.',
    });
    expect(draftProblems({ ...draftOf('paragraph'), text: 'Zie <a href="javascript:x">dit</a>' }).text).toMatch(
      /^De link naar 'javascript:x' in de tekst is niet toegestaan\./,
    );
    expect(draftProblems({ ...draftOf('list'), items: '\n' }).items).toBe('Geef ten minste één punt, elk op een eigen regel.');
    expect(draftProblems({ ...draftOf('download', '/api/x/bevestiging'), text: 'Download' })).toEqual({});

    const written = addBlock(SERVER, CONFIRMATION, { kind: 'link', text: 'Klik', href: 'javascript:alert(1)' });
    const withText = addBlock(SERVER, CONFIRMATION, { kind: 'paragraph', text: 'Zie <a href="http://x.nl">dit</a>' });
    expect(problemsOfText(written, FILE)).toEqual([
      "/confirmation/blocks/9/href: In blok 10 (‘Klik’) van de bevestigingspagina: de link naar 'javascript:alert(1)' is niet toegestaan. Alleen een adres met https://, mailto: of een adres binnen het portaal (zoals /home) is toegestaan.",
    ]);
    expect(problemsOfText(withText, FILE)).toEqual([
      "/confirmation/blocks/9/text: In blok 10 (‘Zie dit’) van de bevestigingspagina: de link naar 'http://x.nl' is niet toegestaan. Gebruik een beveiligd adres: https:// in plaats van http://.",
    ]);
  });

  it('says what a block is in words', () => {
    const blocks = readBlocks(SERVER, CONFIRMATION);
    expect(blocks.map(blockSummary)).toEqual([
      'Melding (Gelukt): ‘Uw aanvraag is ontvangen’',
      'Kop (genummerd): ‘Download, print en onderteken het aanvraagformulier’',
      'Alinea: ‘Alleen de wettelijk vertegenwoordiger of een gemachtigd aanvrager mag…’',
      'Download: ‘Download aanvraagformulier’',
      'Kop (genummerd): ‘Verstuur het ondertekende formulier’',
      'Alinea: ‘Stuur het ondertekende formulier digitaal via Aanleveren documenten, …’',
      'Postadres',
      'Link: ‘Documenten digitaal aanleveren’',
      'Link naar de homepage: ‘Naar de homepage’',
    ]);
  });
});
