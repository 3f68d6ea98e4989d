import { describe, expect, it } from 'vitest';
import { newId, slugOf } from '../../renderer/core/ids';

describe('ids of named parts', () => {
  it('are made of the first words of the text, without accents, tags or placeholders', () => {
    expect(slugOf('Wat gebeurt er nu?')).toBe('wat-gebeurt-er-nu');
    expect(slugOf('<strong>Één</strong> {registerAfkorting} café, daarna meer')).toBe('een-cafe-daarna-meer');
  });

  it('are unique among the ids taken, and fall back when the text has no words', () => {
    const taken = new Set(['let-op']);
    expect(newId('Let op', 'blok', taken)).toBe('let-op-2');
    expect(newId('Let op!', 'blok', taken)).toBe('let-op-3');
    expect(newId('?', 'blok', taken)).toBe('blok');
    expect(newId(undefined, 'blok', taken)).toBe('blok-2');
  });
});
