/**
 * Content checks a flow's file field may name in `x-files.check`. Each answers undefined when the
 * file passes, or the error item for the error body; a check may also say which of its own codes
 * stand for a wrong extension or content that is not of its kind, so the applicant gets the check's
 * message (UPKC10V-04 with the allowed extensions for a certificate request) rather than a generic one.
 */
import { open } from 'node:fs/promises';
import { checkCsr } from '../csr';
import type { ErrorItem } from '../errors';
import type { ServerContext } from '../context';
import type { StoredFileInput } from '../storage';

/** What a check compares the file with: the value of the field `x-files.checkField` names. */
export interface CheckInput {
  compareWith?: string;
}

interface FileCheck {
  run: (file: StoredFileInput, context: ServerContext, input: CheckInput) => Promise<ErrorItem | undefined>;
  /** The check's own refusal of a name whose extension the field does not accept (extraInfo: the accepted ones). */
  wrongExtension?: string;
  /** The check's own refusal of content that is not of its kind. */
  wrongContent?: string;
}

/**
 * The first `limit` bytes of an uploaded file (its temporary file), at most `limit + 1` so a check
 * can tell that the file is longer than it reads. Meant for small files only (a CSR).
 */
async function readHead(file: StoredFileInput, limit: number): Promise<Uint8Array> {
  const buffer = Buffer.alloc(Math.min(file.size, limit + 1));
  const handle = await open(file.path, 'r');
  try {
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/** A DNS name as compared: lower case, without a final dot. */
function dnsName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

/** Whether `requested` (a CN or SAN, possibly '*.example.nl') covers the entered domain name. */
function covers(requested: string, domain: string): boolean {
  const name = dnsName(requested);
  if (name === domain) return true;
  return name.startsWith('*.') && domain.endsWith(name.slice(1)) && !domain.slice(0, -name.length + 1).includes('.');
}

const checks: Record<string, FileCheck> = {
  csr: {
    wrongExtension: 'UPKC10V-04',
    wrongContent: 'UPKC10V-03',
    run: async (file, context, input) => {
      // A request longer than the policy's limit is read only that far (plus a byte): checkCsr
      // refuses it by its length as before, without parsing.
      const bytes = await readHead(file, context.csrPolicy.maxParseBytes);
      const result = await checkCsr({ fileName: file.fileName, bytes }, context.csrPolicy);
      if (!result.ok) return { code: result.code, extraInfo: result.extraInfo };
      const domain = input.compareWith ? dnsName(input.compareWith) : '';
      if (context.csrPolicy.domainMatch === 'off' || domain === '') return undefined;
      const names = [result.info.commonName, ...result.info.dnsNames].filter((name): name is string => typeof name === 'string');
      return names.some((name) => covers(name, domain)) ? undefined : { code: 'UPKC10V-05', extraInfo: [input.compareWith!.trim()] };
    },
  },
};

function checkNamed(name: string): FileCheck {
  const check = Object.hasOwn(checks, name) ? checks[name] : undefined;
  if (!check) throw new Error(`Onbekende bestandscontrole: ${name}`);
  return check;
}

export async function runFileCheck(name: string, file: StoredFileInput, context: ServerContext, input: CheckInput = {}): Promise<ErrorItem | undefined> {
  return checkNamed(name).run(file, context, input);
}

/** The codes a field's check uses for a wrong extension or foreign content, when it has its own. */
export function checkRefusals(name: string | undefined): { wrongExtension?: string; wrongContent?: string } {
  if (name === undefined) return {};
  const { wrongExtension, wrongContent } = checkNamed(name);
  return { wrongExtension, wrongContent };
}

/** The names a flow may use in `x-files.check`. */
export const FILE_CHECKS: readonly string[] = Object.keys(checks);
