/**
 * Loads a flow's served validator modules in Node exactly as the browser does (import each ES
 * module, call its factory with the browser's `require` map), so tests and `flows:check` exercise
 * the precompiled path and not only the server's own compiled validators.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidatorSet } from '../../../renderer/core/validate';
import { validatorRequire } from '../../../renderer/core/validatorModule';

export async function loadClientValidators(modules: Record<string, string>): Promise<ValidatorSet> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-validators-'));
  try {
    const sets = await Promise.all(
      Object.entries(modules).map(async ([stepId, code]) => {
        const file = path.join(dir, `${stepId}.mjs`);
        writeFileSync(file, code);
        const module = (await import(pathToFileURL(file).href)) as { default: (require: (id: string) => unknown) => ValidatorSet };
        return module.default(validatorRequire);
      }),
    );
    return Object.assign({}, ...sets) as ValidatorSet;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
