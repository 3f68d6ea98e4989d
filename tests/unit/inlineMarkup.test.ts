/**
 * The markup of content texts (bold, emphasis, links) and the one rule for link addresses: https,
 * mailto and addresses within the portal; never a script, an unencrypted page or another site
 * without its scheme. Printed, a link keeps its address in brackets.
 */
import { describe, expect, it } from 'vitest';
import { linkAddresses, parseInline, plainText } from '../../renderer/core/inlineMarkup';
import { addressProblem, isAllowedAddress } from '../../renderer/core/linkAddress';

describe('link addresses', () => {
  it('allows https, mailto and addresses within the portal', () => {
    for (const address of [
      'https://www.uziregister.nl/abonneeregistratie',
      'mailto:info@uziregister.nl',
      '/uzi/aanleveren-documenten',
      '#inhoud',
      'bevestiging?stap=2',
    ]) {
      expect(addressProblem(address), address).toBeUndefined();
    }
  });

  it('refuses everything else with a sentence that says what to use', () => {
    expect(addressProblem('javascript:alert(1)')).toBe('Alleen een adres met https://, mailto: of een adres binnen het portaal (zoals /home) is toegestaan.');
    expect(addressProblem('JavaScript:alert(1)')).toMatch(/^Alleen een adres met https:\/\//);
    expect(addressProblem('http://www.uziregister.nl')).toBe('Gebruik een beveiligd adres: https:// in plaats van http://.');
    expect(addressProblem('data:text/html,<b>x</b>')).toMatch(/punthaken/);
    expect(addressProblem('//elders.nl/pagina')).toBe('Een adres van een andere website begint met https://.');
    expect(addressProblem('https://')).toMatch(/^Dit is geen volledig webadres/);
    expect(addressProblem('mailto:niemand')).toMatch(/^Dit is geen e-mailadres/);
    expect(addressProblem('/uzi/" onclick="x')).toMatch(/aanhalingstekens/);
    expect(addressProblem('  ')).toBe('Vul een adres in.');
    expect(isAllowedAddress('ftp://bestanden.nl')).toBe(false);
  });
});

describe('inline markup', () => {
  it('reads bold, emphasis and links, and leaves every other tag as text', () => {
    expect(parseInline('Een <strong>vet</strong> en <em>schuin</em> woord, <a href="/uzi">een link</a> en <script>x</script>')).toEqual([
      { kind: 'text', text: 'Een ' },
      { kind: 'strong', parts: [{ kind: 'text', text: 'vet' }] },
      { kind: 'text', text: ' en ' },
      { kind: 'em', parts: [{ kind: 'text', text: 'schuin' }] },
      { kind: 'text', text: ' woord, ' },
      { kind: 'link', href: '/uzi', parts: [{ kind: 'text', text: 'een link' }] },
      { kind: 'text', text: ' en <script>x</script>' },
    ]);
  });

  it('keeps the words of a tag that is not closed, and takes no link within a link', () => {
    expect(plainText('Een <strong>open tag')).toBe('Een open tag');
    expect(parseInline('<a href="/a">een <a href="/b">b</a></a>')).toEqual([
      { kind: 'link', href: '/a', parts: [{ kind: 'text', text: 'een <a href="/b">b' }] },
      { kind: 'text', text: '</a>' },
    ]);
  });

  it('prints a link with its address, and names every address a text links to', () => {
    expect(
      plainText(
        'Lees <a href="https://www.uziregister.nl/voorwaarden">de <strong>voorwaarden</strong></a> of mail <a href="mailto:info@uziregister.nl">ons</a>.',
      ),
    ).toBe('Lees de voorwaarden (https://www.uziregister.nl/voorwaarden) of mail ons (info@uziregister.nl).');
    expect(plainText('Zie <a href="https://x.nl">https://x.nl</a>')).toBe('Zie https://x.nl');
    expect(plainText('Niet <a href="javascript:alert(1)">hier</a>')).toBe('Niet hier');
    expect(linkAddresses('<a href="/a">a</a> en <a href="javascript:x">b</a>')).toEqual(['/a', 'javascript:x']);
  });
});

describe('content on paper', () => {
  it('prints a paragraph, a list and an alert with their words, links followed by their address', async () => {
    const { printableBlocks } = await import('../../src/server/confirmation/formParts');
    const { withEnvironment } = await import('../../renderer/core/environment');
    const env = withEnvironment({ steps: [], variables: {} } as never, {}, {});
    expect(
      printableBlocks(
        [
          { kind: 'paragraph', text: 'Betaal <strong>binnen 14 dagen</strong>.' },
          { kind: 'list', items: ['Zie <a href="https://www.uziregister.nl/tarieven">de tarieven</a>'] },
          { kind: 'alert', type: 'warning', title: 'Let op', text: 'Vragen? <a href="mailto:info@uziregister.nl">Mail ons</a>' },
        ],
        env,
      ),
    ).toEqual([
      { kind: 'paragraph', text: 'Betaal binnen 14 dagen.' },
      { kind: 'list', items: ['Zie de tarieven (https://www.uziregister.nl/tarieven)'] },
      { kind: 'paragraph', text: 'Let op: Vragen? Mail ons (info@uziregister.nl)' },
    ]);
  });
});
