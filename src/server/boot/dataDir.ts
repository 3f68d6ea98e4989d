// DATA_DIR is made and tried before anything else at start: the SQLite database, the temporary
// files of uploads and the saving key live there also when PostgreSQL holds the data. A folder
// that cannot be made or written (a read-only disk, a path under /proc) stops start-up with one
// line at once, instead of failing later on an applicant's upload or never finishing.
import { closeSync, openSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { makeFolders } from '../shared/makeFolders';
import { StartupProblem } from '../startupFailure';

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'fout';
}

/**
 * Makes `dataDir` (0700) when it is missing and proves that a file can be made in it.
 * @throws {StartupProblem} naming the folder and the error code
 */
export function prepareDataDir(dataDir: string): void {
  try {
    makeFolders(dataDir, 0o700);
  } catch (error) {
    throw new StartupProblem(`de map DATA_DIR ${dataDir} kan niet worden gemaakt (${codeOf(error)}).`);
  }
  const probe = path.join(dataDir, `.schrijftest-${process.pid}`);
  try {
    closeSync(openSync(probe, 'wx', 0o600));
    unlinkSync(probe);
  } catch (error) {
    throw new StartupProblem(`in de map DATA_DIR ${dataDir} kan niet worden geschreven (${codeOf(error)}).`);
  }
}
