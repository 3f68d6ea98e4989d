/**
 * `npm run flows:rollback -- <flow-id> [<versie>] [--note "..."]`: publishes an earlier version
 * again as the newest (by default the one before the version in use). Nothing is deleted: the
 * rollback is a version of its own, so it can be undone the same way. With four eyes on
 * (BEHEER_VIER_OGEN=true) the rollback becomes the flow's draft instead, for a second person to
 * approve in the back office, as a rollback there does.
 */
import { activate } from '../src/server/flows/version';
import { fail, readCommand, withStorage } from './flowsCli';

const USAGE = 'Gebruik: npm run flows:rollback -- <flow-id> [<versienummer>] [--note "waarom"]';
const command = readCommand(USAGE);
const [flowId, wanted] = command.positionals;
if (!flowId) fail(USAGE);
if (wanted !== undefined && !/^[1-9]\d*$/.test(wanted)) fail(`'${wanted}' is geen versienummer. ${USAGE}`);

await withStorage(command.config, async (storage) => {
  const versions = await storage.listFlowVersions(flowId);
  const current = versions.find((version) => version.state === 'published');
  if (!current) fail(`De flow '${flowId}' heeft geen gepubliceerde versie.`);
  const targetNumber = wanted ? Number(wanted) : versions.find((version) => version.version < current.version && version.state !== 'draft')?.version;
  if (targetNumber === undefined) fail(`Er is geen eerdere versie van '${flowId}' om naar terug te gaan.`);
  if (targetNumber === current.version) fail(`Versie ${targetNumber} is al de gepubliceerde versie.`);
  const target = await storage.getFlowVersion(flowId, { version: targetNumber });
  if (!target || target.state === 'draft') fail(`De flow '${flowId}' heeft geen gepubliceerde versie ${targetNumber}.`);
  try {
    activate(target);
  } catch (error) {
    fail(`Versie ${targetNumber} kan niet meer worden geladen: ${(error as Error).message}`);
  }
  const note = [`Teruggezet naar versie ${targetNumber}`, command.note].filter(Boolean).join(': ');
  if (command.config.beheer.fourEyes) {
    // Four eyes: a rollback is a publication like any other, so it waits as a draft for a second person in the back office.
    const now = new Date();
    const outcome = await storage.beheer.writeDraft(
      {
        flowId,
        baseVersion: target.version,
        source: target.source,
        by: command.author,
        kind: 'teruggezet',
        expected: null,
        rollback: { version: target.version, note },
        describe: () => `Terugzetten naar versie ${targetNumber}.`,
      },
      now,
    );
    if (!('draft' in outcome)) fail(`De flow '${flowId}' heeft een open concept. Zet terug in het beheer: daar ziet u wat het concept vervangt.`);
    await storage.beheer.addFlowEvent({
      flowId,
      action: 'aangemaakt',
      actor: command.author,
      note: `Terugzetten naar versie ${targetNumber}: ${note}`,
      at: now,
    });
    console.log(
      `Het terugzetten van ${flowId} naar versie ${targetNumber} staat klaar als concept. Het vier-ogenprincipe staat aan: een tweede persoon keurt het goed in het beheer, daarna wordt het gepubliceerd.`,
    );
    return;
  }
  const record = await storage.publishFlowVersion({
    flowId,
    hash: target.hash,
    origin: 'terugzetting',
    author: command.author,
    note,
    source: target.source,
    content: target.content,
  });
  console.log(`Teruggezet: ${flowId} versie ${record?.version} is nu gelijk aan versie ${targetNumber}. Elke server toont deze versie binnen enkele seconden.`);
});
