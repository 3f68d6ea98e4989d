/**
 * Everything of the back office at /api/beheer, and its first account. Its routes are named in
 * Dutch, lowercase, words joined by hyphens (docs/decisions/0004-route-names.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import type { FlowRegistry } from '../../flows/registry';
import type { FlowCompiler } from '../../flows/pipeline/compileFlow';
import { ensureFirstAdministrator } from '../bootstrap';
import { savingSecret } from '../../saving';
import { sealClearTotpSecrets, totpSeal } from '../totpSeal';
import { registerBeheerAccountRoutes } from './accounts';
import { registerBeheerAuthRoutes } from './auth';
import { registerBeheerBuildingBlockRoutes } from './buildingBlocks';
import { registerBeheerCoverageRoutes } from './coverage';
import { registerBeheerDiffRoutes } from './diff';
import { registerBeheerDraftRoutes } from './drafts';
import { registerBeheerFeedbackRoutes } from './feedback';
import { registerBeheerFixtureRoutes } from './fixtures';
import { registerBeheerFlowRoutes } from './flows';
import { registerBeheerOidcRoutes } from './oidc';
import { registerBeheerPasswordRoutes } from './passwords';
import { registerBeheerPreviewRoutes } from './preview';
import { registerBeheerUsageRoutes } from './usage';
import { registerBeheerPublishingRoutes } from './publishing';
import { registerBeheerDraftSaveRoutes } from './draftSaves';

export async function registerBeheer(app: FastifyInstance, registry: FlowRegistry, context: ServerContext, compile: FlowCompiler): Promise<void> {
  const store = context.storage.beheer;
  await ensureFirstAdministrator(store, context.config, app.log);
  const seal = totpSeal(context.config.beheer.totpSecret ?? savingSecret(context.config.saving, context.config.dataDir));
  const sealed = await sealClearTotpSecrets(store, seal);
  if (sealed > 0) app.log.info({ accounts: sealed }, 'beheer: geheimen van de verificatiecode verzegeld');
  registerBeheerAuthRoutes(app, context.config, store, seal);
  registerBeheerFlowRoutes(app, registry, context);
  registerBeheerAccountRoutes(app, context.config, store);
  registerBeheerPasswordRoutes(app, context.config, store);
  registerBeheerDraftRoutes(app, registry, context, compile);
  registerBeheerPublishingRoutes(app, registry, context, compile);
  registerBeheerDraftSaveRoutes(app, context, compile);
  registerBeheerFixtureRoutes(app, registry, context, compile);
  registerBeheerCoverageRoutes(app, registry, context, compile);
  registerBeheerPreviewRoutes(app, registry, context, compile);
  registerBeheerDiffRoutes(app, context);
  registerBeheerUsageRoutes(app, context);
  registerBeheerBuildingBlockRoutes(app, context);
  registerBeheerFeedbackRoutes(app, context.config, store);
  if (context.config.beheer.oidc) registerBeheerOidcRoutes(app, context.config, context.config.beheer.oidc, store);
  // Ended sessions, expired reset codes and counts of failed sign-ins are forgotten within the hour.
  const purge = () => {
    const now = new Date();
    void store.purgeSessions(now).catch(() => app.log.warn({}, 'opruimen beheersessies mislukt'));
    void store.purgePasswordResets(now).catch(() => app.log.warn({}, 'opruimen herstelcodes mislukt'));
    void store.purgeLoginAttempts(context.config.beheer.lockout.windowSeconds, now).catch(() => app.log.warn({}, 'opruimen inlogpogingen mislukt'));
  };
  const timer = setInterval(purge, 3_600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
