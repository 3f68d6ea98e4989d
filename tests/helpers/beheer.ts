/** Signing in to the back office in server tests: the bootstrap account, cookies and the error body. */
import { expect } from 'vitest';
import { setCookies, type Session, type TestServer } from './server';

export const BOOTSTRAP = { email: 'beheer@example.nl', password: 'proef-wachtwoord-123' };

/** The back-office session cookie of a signed-in user. */
export interface BeheerCookie {
  cookie: string;
}

export async function beheerLogin(server: TestServer, page: Session, user = BOOTSTRAP): Promise<BeheerCookie> {
  const response = await server.postJson('/api/beheer/inloggen', { email: user.email, wachtwoord: user.password }, page);
  expect(response.status, await response.clone().text()).toBe(200);
  const value = setCookies(response).get('beheer_sessie')?.value;
  if (!value) throw new Error('geen beheer_sessie-cookie');
  return { cookie: `beheer_sessie=${value}` };
}

/** Headers with the page's XSRF pair and the back-office cookie. */
export function withBeheer(page: Session, beheer: BeheerCookie): Record<string, string> {
  return { cookie: `${page.cookie}; ${beheer.cookie}`, 'x-xsrf-token': page.token };
}

export async function expectErrorBody(response: Response, status: number, code: string, detail?: string): Promise<void> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { type: string; status: number; detail: string; traceId: string; errors: { code: string; extraInfo: string[] }[] };
  expect(body).toMatchObject({ status, errors: expect.arrayContaining([expect.objectContaining({ code })]) });
  expect(body.type).toMatch(/^urn:uzi-portaal:fout:/);
  expect(body.traceId).toBeTruthy();
  if (detail) expect(body.detail).toBe(detail);
}
