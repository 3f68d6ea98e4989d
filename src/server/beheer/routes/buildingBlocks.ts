/**
 * What the structured editor builds with: the shared field definitions (schemas/velden) to add a
 * field from, and the reference lists (data/base-data) an option list can come from, with their
 * options (for the rule builder's values): per reference-data set too, since two sets may hold a
 * list of the same name with other items. Read once at start; every role may read them.
 *
 * - `GET /api/beheer/bouwstenen` -> `{ velden, lijsten }`.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { loadBaseData, loadDefinitions } from '../../flows/load';
import { landen } from '../../postcode/landen';
import type { OptionList } from '../../../../renderer/core/resolve';
import type { BuildingBlocks } from '../../../shared/beheer';
import { requireSession } from '../guard';

function optionsOf(list: OptionList): { value: string | number; label: string }[] {
  if (Array.isArray(list)) return list.map((item) => ({ value: item.Value, label: item.Description ?? item.Name ?? String(item.Value) }));
  return Object.entries(list).map(([label, value]) => ({ value, label }));
}

export function buildingBlocks(rootDir: string): BuildingBlocks {
  const names = new Map<string, string>();
  const definitions = loadDefinitions(path.join(rootDir, 'schemas'), names);
  const velden = [...definitions.entries()].map(([id, schema]) => ({
    id,
    naam: names.get(id) ?? id,
    title: typeof schema.title === 'string' ? schema.title : (names.get(id) ?? id),
    type: typeof schema.type === 'string' ? schema.type : 'object',
    schema: schema as Record<string, unknown>,
  }));
  // The lists every flow may name besides its own (as the pipeline's sources give them).
  const shared = { Landen: landen('nl').map((land) => ({ value: land.code, label: land.omschrijving })) };
  const lijsten: BuildingBlocks['lijsten'] = { ...shared };
  const lijstenPerSet: BuildingBlocks['lijstenPerSet'] = {};
  for (const [set, lists] of Object.entries(loadBaseData(path.join(rootDir, 'data')))) {
    lijstenPerSet[set] = { ...shared };
    for (const [name, list] of Object.entries(lists)) {
      lijstenPerSet[set][name] = optionsOf(list);
      lijsten[name] ??= lijstenPerSet[set][name];
    }
  }
  return { velden: velden.sort((a, b) => a.title.localeCompare(b.title, 'nl')), lijsten, lijstenPerSet };
}

export function registerBeheerBuildingBlockRoutes(app: FastifyInstance, context: ServerContext): void {
  const reader = requireSession(context.storage.beheer, context.config);
  const blocks = buildingBlocks(context.config.rootDir);
  app.get('/api/beheer/bouwstenen', { preValidation: reader }, async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return blocks;
  });
}
