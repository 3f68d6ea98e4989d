/**
 * The Node options the server runs with in production: those of `npm start` (package.json), read
 * from there so the benchmarks and the load script measure the process as it is deployed.
 */
import { readFileSync } from 'node:fs';

/** The options between `node` and the entry file in the `start` script, e.g. `['--enable-source-maps', '--max-semi-space-size=2']`. */
export function serverNodeOptions(): string[] {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  const words = scripts.start.trim().split(/\s+/);
  if (words[0] !== 'node') throw new Error(`the start script does not start node: ${scripts.start}`);
  return words.slice(1).filter((word) => word.startsWith('--'));
}
