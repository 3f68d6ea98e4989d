/**
 * Loads a flow's served validator module in Node exactly as the browser does (import the ES module,
 * call its factory with the browser's `require` map), so tests and `flows:check` exercise the
 * precompiled path and not only the server's own compiled validators.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidatorSet } from '../../../renderer/core/validate';
import { validatorRequire } from '../../../renderer/react/validatorModule';

export async function loadClientValidators(moduleCode: string): Promise<ValidatorSet> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-validators-'));
  try {
    const file = path.join(dir, 'validators.mjs');
    writeFileSync(file, moduleCode);
    const module = (await import(pathToFileURL(file).href)) as { default: (require: (id: string) => unknown) => ValidatorSet };
    return module.default(validatorRequire);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
