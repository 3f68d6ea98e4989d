/**
 * A validator module as the applicant's browser gets it (a file of its own: esbuild does not load in
 * the jsdom tests that compile flows).
 */
import { transformSync } from 'esbuild';

/**
 * A validator module as the applicant's browser gets it: minified, since ajv's code repeats long
 * names and keeps the step's schema as a constant it no longer reads (a quarter of the bytes sent).
 * The first line, naming the flow, version and step, stays. The same code always gives the same bytes.
 */
export function sentModuleCode(code: string): string {
  const newline = code.indexOf('\n');
  const [header, body] = code.startsWith('//') && newline > 0 ? [code.slice(0, newline + 1), code.slice(newline + 1)] : ['', code];
  return header + transformSync(body, { minify: true, format: 'esm', target: 'es2020', charset: 'utf8', legalComments: 'none' }).code;
}
