// @vitest-environment jsdom
// The confirmation page's list of documents to send: shown under its heading with the list items'
// emphasis, left out (heading included) when no document applies.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createTranslate } from '../core/i18n';
import { withEnvironment } from '../core/environment';
import type { ContentBlock, FlowDocument } from '../core/types';
import { ContentBlocks } from './ContentBlocks';

afterEach(cleanup);

const lists = { Types: [{ Value: 8, Documents: ['Een kopie van de <strong>vergunning ambulancezorg</strong>'] }] };
const blocks: ContentBlock[] = [
  {
    kind: 'requiredDocuments',
    title: '2. Stuur deze documenten mee',
    items: [
      { list: 'Types', valueFrom: 'organisatie.type', itemsKey: 'Documents' },
      { text: 'Een kopie van een geldig identiteitsbewijs van de gemachtigd aanvrager.', visibleIf: { '==': [{ var: 'gemachtigd.aanwijzen' }, true] } },
    ],
  },
];
const flow = { steps: [], variables: {} } as unknown as FlowDocument;
const context = { t: createTranslate({}), lang: 'nl' as const };

describe('ContentBlocks requiredDocuments', () => {
  it('shows the heading and every document that applies', () => {
    render(
      <ContentBlocks blocks={blocks} context={context} env={withEnvironment(flow, { organisatie: { type: 8 }, gemachtigd: { aanwijzen: true } }, lists)} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: '2. Stuur deze documenten mee' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Een kopie van de vergunning ambulancezorg', 'Een kopie van een geldig identiteitsbewijs van de gemachtigd aanvrager.']);
    expect(screen.getByText('vergunning ambulancezorg').tagName).toBe('STRONG');
  });

  it('leaves the block out, heading included, when no document applies', () => {
    render(<ContentBlocks blocks={blocks} context={context} env={withEnvironment(flow, { organisatie: {}, gemachtigd: { aanwijzen: false } }, lists)} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('ContentBlocks inline markup', () => {
  it('shows bold and links to allowed addresses in paragraphs, list items and alerts, with placeholders filled in the words only', () => {
    const marked: ContentBlock[] = [
      { kind: 'paragraph', text: 'Uw kenmerk is <strong>{kenmerk}</strong>. Lees <a href="https://www.uziregister.nl/voorwaarden">de voorwaarden</a>.' },
      { kind: 'list', items: ['Mail <a href="mailto:info@uziregister.nl">ons</a>', 'Niet: <a href="javascript:alert(1)">klik</a>'] },
      { kind: 'alert', type: 'info', text: 'Zie <a href="/uzi/aanleveren-documenten">documenten aanleveren</a>' },
    ];
    render(<ContentBlocks blocks={marked} params={{ kenmerk: '<em>X-1</em>' }} context={context} />);
    expect(screen.getByText('<em>X-1</em>').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'de voorwaarden' }).getAttribute('href')).toBe('https://www.uziregister.nl/voorwaarden');
    expect(screen.getByRole('link', { name: 'de voorwaarden' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'ons' }).getAttribute('href')).toBe('mailto:info@uziregister.nl');
    expect(screen.getByRole('link', { name: 'documenten aanleveren' }).getAttribute('href')).toBe('/uzi/aanleveren-documenten');
    // A link to an address that is not allowed is its text alone.
    expect(screen.queryByRole('link', { name: 'klik' })).toBeNull();
    expect(screen.getAllByRole('listitem')[1].textContent).toBe('Niet: klik');
  });
});

describe('ContentBlocks link', () => {
  it('links only to an allowed address; a version that holds another shows the text without a link', () => {
    const links: ContentBlock[] = [
      { kind: 'link', text: 'Contact', href: 'https://www.uziregister.nl/contact' },
      { kind: 'link', text: 'Script', href: 'javascript:alert(1)' },
      { kind: 'link', text: 'Data', href: 'data:text/html,x' },
      { kind: 'link', text: 'VB', href: 'vbscript:msgbox(1)' },
    ];
    render(<ContentBlocks blocks={links} context={context} />);
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['https://www.uziregister.nl/contact']);
    for (const name of ['Script', 'Data', 'VB']) expect(screen.getByText(name).tagName).toBe('SPAN');
  });
});
