import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintPlugin } from '../../scripts/compileHint';

type Bundle = Rolldown.OutputBundle;

function run(bundle: Bundle): void {
  const hook = compileHintPlugin().generateBundle as { handler: (options: unknown, bundle: Bundle) => void };
  hook.handler({}, bundle);
}

const chunk = (fileName: string, isEntry: boolean, code: string) => ({ type: 'chunk', fileName, isEntry, code }) as unknown as Rolldown.OutputChunk;
const map = (fileName: string, mappings: string) =>
  ({ type: 'asset', fileName, source: JSON.stringify({ version: 3, mappings }) }) as unknown as Rolldown.OutputAsset;

describe('compileHintPlugin', () => {
  it('puts the hint on the first line of the entry only, and moves its source map down one line', () => {
    const bundle: Bundle = {
      'assets/index.js': chunk('assets/index.js', true, 'const a=1;\nexport{a};'),
      'assets/index.js.map': map('assets/index.js.map', 'AAAA;AACA'),
      'assets/lazy.js': chunk('assets/lazy.js', false, 'export const b=2;'),
      'assets/lazy.js.map': map('assets/lazy.js.map', 'AAAA'),
    };
    run(bundle);
    expect((bundle['assets/index.js'] as Rolldown.OutputChunk).code).toBe(`${COMPILE_HINT}\nconst a=1;\nexport{a};`);
    expect(JSON.parse(String((bundle['assets/index.js.map'] as Rolldown.OutputAsset).source)).mappings).toBe(';AAAA;AACA');
    expect((bundle['assets/lazy.js'] as Rolldown.OutputChunk).code).toBe('export const b=2;');
    expect(JSON.parse(String((bundle['assets/lazy.js.map'] as Rolldown.OutputAsset).source)).mappings).toBe('AAAA');
  });

  it('adds it once', () => {
    const bundle: Bundle = { 'assets/index.js': chunk('assets/index.js', true, 'x();') };
    run(bundle);
    run(bundle);
    expect((bundle['assets/index.js'] as Rolldown.OutputChunk).code).toBe(`${COMPILE_HINT}\nx();`);
  });
});
