/** The test OpenID provider for the browser tests (started by playwright.config.ts next to the portal). */
import { startOidcProvider } from '../helpers/oidcProvider';

const port = Number(process.env.OIDC_PORT ?? 3109);
const portal = process.env.PORTAL_URL ?? 'http://localhost:3100';
await startOidcProvider(port, [`${portal}/api/beheer/oidc/terug`]);
console.log(`test-inlogdienst op http://127.0.0.1:${port}`);
