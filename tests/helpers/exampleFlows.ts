/**
 * An example flow (flows/voorbeelden) over real HTTP on a test server, as the server tests of the
 * example flows use it: its fixtures' data, a final submit, a submit that must be stored as sent
 * with the text of its printed form (pdftotext, on one line), and the fields a refusal names.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { readFixture, type Fixture } from '../../src/server/flows/fixtures';
import { pdfText } from './poppler';
import { expectError, type Session, type TestServer } from './server';

/** Fixture `name` (with or without `.json`) of example flow `flowId`. */
export function exampleFixture(flowId: string, name: string): Fixture {
  const file = path.join(process.cwd(), 'tests', 'fixtures', flowId, name.endsWith('.json') ? name : `${name}.json`);
  return readFixture(JSON.parse(readFileSync(file, 'utf8')));
}

/** The text of a printed form, on one line. */
export async function printedText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, ' ');
}

/** The refused fields of a 400 answer, with their messages. */
export async function refusedFields(response: Response): Promise<Record<string, string>> {
  const body = await expectError(response, 400);
  return Object.fromEntries(body.errors.map((item) => [item.extraInfo[0], item.extraInfo[1]]));
}

export interface ExampleFlowClient {
  submit(data: unknown, lang?: 'en'): Promise<Response>;
  /** The text of the printed form of the submission `kenmerk`. */
  printed(kenmerk: string): Promise<string>;
  /** Submits, expects it stored exactly as sent, and answers its kenmerk and printed form. */
  storedAndPrinted(data: unknown): Promise<{ kenmerk: string; text: string }>;
}

/** `flowId` on the server and session `connection` gives (both made in the test's beforeAll). */
export function exampleFlowClient(flowId: string, connection: () => { server: TestServer; session: Session }): ExampleFlowClient {
  const submit = (data: unknown, lang?: 'en') =>
    connection().server.postJson(`/api/${flowId}/indienen?scenario=uzi${lang ? `&lang=${lang}` : ''}`, data, connection().session);
  const printed = async (kenmerk: string) => printedText(await connection().server.postJson(`/api/${flowId}/bevestiging`, { kenmerk }, connection().session));
  return {
    submit,
    printed,
    async storedAndPrinted(data) {
      const response = await submit(data);
      expect(response.status).toBe(200);
      const { kenmerk } = (await response.json()) as { kenmerk: string };
      expect((await connection().server.storage.getSubmission(kenmerk))?.data).toEqual(data);
      return { kenmerk, text: await printed(kenmerk) };
    },
  };
}
