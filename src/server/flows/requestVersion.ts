/**
 * Which flow version a request that carries a flow's data is for: the flow whose published version
 * posts to the request's path, in the version the browser names in `X-Flow-Version` (the one the
 * applicant started on) while that version may still be used, else the published one.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, CODES } from '../errors';
import type { FlowRegistry } from './registry';
import type { ActiveFlowVersion } from './version';

/** Header with the content hash of the flow version the data was entered against. */
export const FLOW_VERSION_HEADER = 'x-flow-version';

export async function versionForRequest(registry: FlowRegistry, request: FastifyRequest, path: string): Promise<ActiveFlowVersion> {
  const flowId = registry.flowAt(path);
  if (!flowId) throw new ApiError(404, 'Deze flow bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
  const header = request.headers[FLOW_VERSION_HEADER];
  const hash = typeof header === 'string' && header !== '' ? header : undefined;
  const version = await registry.forApplicant(flowId, hash);
  if (!version) {
    throw new ApiError(409, 'Het formulier is gewijzigd sinds u begon. Laad de pagina opnieuw; uw ingevulde gegevens blijven bewaard.', [
      { code: CODES.flowVersion, extraInfo: [] },
    ]);
  }
  return version;
}
