/** The test OpenID provider for the browser tests (started by playwright.config.ts before the portals). */
import { startOidcProvider } from '../helpers/oidcProvider';
import { OIDC_PORT, oidcRedirectUris } from './portalSettings';

await startOidcProvider(OIDC_PORT, oidcRedirectUris());
console.log(`test-inlogdienst op http://127.0.0.1:${OIDC_PORT}`);
