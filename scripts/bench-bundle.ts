/**
 * `npm run bench:bundle`: the gzipped JavaScript a flow's first step loads — the entry chunk and its
 * static imports from the Vite manifest, plus that flow's precompiled validator module — per flow.
 * Run after `npm run build`. Target: at most 150 KB.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FlowRegistry } from '../src/server/flows/registry';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const root = process.cwd();
const clientDir = path.join(root, 'dist/client');
const manifestFile = path.join(clientDir, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('Geen build gevonden: voer eerst `npm run build` uit.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

const seen = new Set<string>();
const visit = (key: string): number => {
  if (seen.has(key)) return 0;
  seen.add(key);
  const chunk = manifest[key];
  return gz(readFileSync(path.join(clientDir, chunk.file))) + (chunk.imports ?? []).reduce((sum, next) => sum + visit(next), 0);
};
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
const entryBytes = visit(entryKey);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(`Entry chunk and static imports (gzip -9): ${kb(entryBytes)} in ${seen.size} file(s)`);
const registry = FlowRegistry.fromDisk(root);
for (const entry of registry.all()) {
  const validators = gz(entry.moduleCode);
  const total = entryBytes + validators;
  console.log(`${entry.id.padEnd(32)} first step: ${kb(total).padStart(9)} (validators ${kb(validators)})${total > 150 * 1024 ? '  > 150 KB' : ''}`);
}
