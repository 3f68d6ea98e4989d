/**
 * Routes renamed under the naming rule (docs/decisions/0004-route-names.md) and the former names
 * they still answer to: a page loaded before the rename, a cached bundle, a bookmark or another
 * caller may still use one. A former name is the same route registered once more, with the same
 * handler, hooks and limits (the CSRF check, the back-office guard, the rate limit), for GET as well
 * as for the other methods: no redirect, which a POST with its CSRF header could not follow safely.
 * The request log names the route pattern, so a former name's use shows there.
 */
export interface RenamedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The name it had. */
  former: string;
  /** The name by the rule. */
  current: string;
}

export const RENAMED_ROUTES: readonly RenamedRoute[] = [
  { method: 'POST', former: '/api/logout', current: '/api/uitloggen' },
  { method: 'GET', former: '/api/config', current: '/api/instellingen' },
  { method: 'GET', former: '/api/flows/:id/versions/:hash/validators/:file', current: '/api/flows/:id/versies/:hash/validatiemodules/:file' },
  {
    method: 'GET',
    former: '/api/beheer/flows/:flowId/voorbeeld/validators/:step.js',
    current: '/api/beheer/flows/:flowId/voorbeeld/validatiemodules/:step.js',
  },
];

/** `url` and the former names of its `method` route: register the route under each. */
export function withFormerNames(method: RenamedRoute['method'], url: string): string[] {
  return [url, ...RENAMED_ROUTES.filter((route) => route.method === method && route.current === url).map((route) => route.former)];
}
