/**
 * The documents to send with the signed form: one definition in the flow document, asked by the
 * confirmation page and the printed form alike.
 */
import { describe, expect, it } from 'vitest';
import { requiredDocuments, requiredDocumentsBlock } from '../../renderer/core/documents';
import { withEnvironment } from '../../renderer/core/environment';
import type { FlowModel, RequiredDocument } from '../../renderer/core/types';
import { makeFlow } from './support';

const lists = {
  Types: [
    { Value: 1, Name: 'Apotheek', Documents: ['Een <strong>uittreksel</strong> uit het Handelsregister', 'Een kopie van de vergunning'] },
    { Value: 2, Name: 'Laboratorium', Documents: ['Een <strong>uittreksel</strong> uit het Handelsregister'] },
  ],
};

const items: RequiredDocument[] = [
  { list: 'Types', valueFrom: 'organisatie.type', itemsKey: 'Documents' },
  { text: 'Een kopie van het identiteitsbewijs van de {rol}.', visibleIf: { '==': [{ var: 'aanvrager.aanwijzen' }, true] } },
  { text: 'Een gewaarmerkte kopie van het diploma.', visibleIf: { '==': [{ var: 'organisatie.register' }, 4] } },
  { text: 'Een kopie van de vergunning' },
];

const flow = { ...makeFlow([]), variables: { rol: 'gemachtigd aanvrager' } };
const env = (model: FlowModel) => withEnvironment(flow, model, lists);

describe('requiredDocuments', () => {
  it('lists the chosen list entry, then the texts whose rule holds, in definition order (placeholders filled)', () => {
    expect(requiredDocuments(items, env({ organisatie: { type: 2, register: 4 }, aanvrager: { aanwijzen: true } }))).toEqual([
      'Een <strong>uittreksel</strong> uit het Handelsregister',
      'Een kopie van het identiteitsbewijs van de gemachtigd aanvrager.',
      'Een gewaarmerkte kopie van het diploma.',
      'Een kopie van de vergunning',
    ]);
  });

  it('leaves out what does not apply and asks a document named twice only once', () => {
    expect(requiredDocuments(items, env({ organisatie: { type: 1 }, aanvrager: { aanwijzen: false } }))).toEqual([
      'Een <strong>uittreksel</strong> uit het Handelsregister',
      'Een kopie van de vergunning',
    ]);
  });

  it('has nothing from a list while nothing is chosen', () => {
    expect(requiredDocuments(items.slice(0, 1), env({ organisatie: {} }))).toEqual([]);
  });

  it('finds the block on the confirmation page', () => {
    const block = { kind: 'requiredDocuments' as const, title: 'Stuur deze documenten mee', items };
    expect(requiredDocumentsBlock({ ...flow, confirmation: { title: 'Bevestiging', blocks: [{ kind: 'paragraph', text: 'x' }, block] } })).toBe(block);
    expect(requiredDocumentsBlock(flow)).toBeUndefined();
  });
});
