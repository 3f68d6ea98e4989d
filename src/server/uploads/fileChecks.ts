/**
 * Content checks a flow's file field may name in `x-files.check`. Each answers undefined when the
 * file passes, or the error item for the error body.
 */
import { checkCsr } from '../csr';
import type { ErrorItem } from '../errors';
import type { ServerContext } from '../context';
import type { StoredFileInput } from '../storage';

type FileCheck = (file: StoredFileInput, context: ServerContext) => Promise<ErrorItem | undefined>;

const checks: Record<string, FileCheck> = {
  csr: async (file, context) => {
    const result = await checkCsr({ fileName: file.fileName, bytes: file.bytes }, context.csrPolicy);
    return result.ok ? undefined : { code: result.code, extraInfo: result.extraInfo };
  },
};

export async function runFileCheck(name: string, file: StoredFileInput, context: ServerContext): Promise<ErrorItem | undefined> {
  const check = Object.hasOwn(checks, name) ? checks[name] : undefined;
  if (!check) throw new Error(`Onbekende bestandscontrole: ${name}`);
  return check(file, context);
}

/** The names a flow may use in `x-files.check`. */
export const FILE_CHECKS: readonly string[] = Object.keys(checks);
