/**
 * `tsx tests/e2e/publishSamples.ts <dataDir>`: compiles every form written for rjsf
 * (tests/helpers/rjsfSamples.ts), wrapped unchanged, and publishes it on the portal whose SQLite
 * folder is `dataDir`, as `flows:publish` does; a form the check refuses stops it with the reasons.
 */
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { formatProblem } from '../../src/server/flows/pipeline/problems';
import { publishCompiled } from '../../src/server/flows/publish';
import { loadPipelineSources } from '../../src/server/flows/sources';
import { createStorage } from '../../src/server/storage';
import { rjsfSamples, wrapSample } from '../helpers/rjsfSamples';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('Gebruik: tsx tests/e2e/publishSamples.ts <dataDir>');
const compile = createPipeline(loadPipelineSources(process.cwd()));
const storage = await createStorage({ dataDir });
try {
  for (const sample of rjsfSamples()) {
    const result = compile(wrapSample(sample));
    if (!result.ok) throw new Error(`${sample.name} geweigerd:\n${result.problems.map(formatProblem).join('\n')}`);
    await publishCompiled(storage, result.flow, { origin: 'publicatie', author: 'test' });
  }
} finally {
  await storage.close();
}
