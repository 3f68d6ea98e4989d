/**
 * The build swaps modules inside rjsf by their file paths (renderer/react/rjsfStandIns.ts). When an
 * upgrade of @rjsf/* moves, renames or stops importing one of those files, the swap would silently
 * not happen: this test names the swap instead, and checks that @rjsf/* stays pinned exactly.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RJSF_STAND_INS } from './rjsfStandIns';

const root = process.cwd();

describe('the rjsf stand-ins still meet the files they replace', () => {
  for (const standIn of RJSF_STAND_INS) {
    it(`${standIn.importer} imports ${standIn.source}, replaced by ${standIn.replacement}`, () => {
      const importer = path.join(root, 'node_modules', standIn.importer);
      expect(existsSync(importer), `rjsf no longer has ${standIn.importer}: the swap for ${standIn.source} does nothing; check the upgrade`).toBe(true);
      const imports = [...readFileSync(importer, 'utf8').matchAll(/(?:from|import)\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
      expect(imports, `${standIn.importer} no longer imports ${standIn.source}: the swap does nothing; check the upgrade`).toContain(standIn.source);
      expect(existsSync(path.join(path.dirname(importer), standIn.source)), `${standIn.source} is gone from rjsf`).toBe(true);
      expect(existsSync(path.join(root, standIn.replacement))).toBe(true);
    });
  }

  it('pins every @rjsf package to one exact version while a swap remains', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const rjsf = Object.entries(manifest.dependencies).filter(([name]) => name.startsWith('@rjsf/'));
    expect(rjsf.length).toBeGreaterThan(0);
    for (const [name, range] of rjsf) expect(range, name).toMatch(/^\d+\.\d+\.\d+$/);
    expect(new Set(rjsf.map(([, range]) => range)).size).toBe(1);
  });
});
