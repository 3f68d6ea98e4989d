/** `npm run flows:versions -- <flow-id>`: the versions of a flow, newest first. */
import { fail, readCommand, when, withStorage } from './flowsCli';

const USAGE = 'Gebruik: npm run flows:versions -- <flow-id>';
const command = readCommand(USAGE);
const [flowId] = command.positionals;
if (!flowId) fail(USAGE);

const STATE: Record<string, string> = { published: 'gepubliceerd', retired: 'vervangen', draft: 'concept' };

await withStorage(command.config, async (storage) => {
  const versions = await storage.listFlowVersions(flowId);
  if (versions.length === 0) fail(`De flow '${flowId}' heeft geen versies.`);
  const rows = versions.map((version) => [
    String(version.version),
    STATE[version.state] ?? version.state,
    when(version.publishedAt ?? version.createdAt),
    version.author,
    version.origin,
    version.hash.slice(0, 12),
    version.note ?? '',
  ]);
  const header = ['versie', 'status', 'gepubliceerd', 'door', 'herkomst', 'inhoud', 'notitie'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  for (const row of [header, ...rows])
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
});
