/**
 * A portal page is made in the language the applicant chose with the language switch (its cookie):
 * the page's `lang` and everything inlined in it (the flow index, the flow document, its reference
 * lists) are in that language, so an English page neither starts in Dutch nor asks the API again.
 * Without the cookie, or with a value that is no portal language, the page is Dutch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANG_COOKIE } from '../../renderer/core/i18n';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

interface Page {
  htmlLang: string | undefined;
  boot: {
    lang: string;
    langChosen?: boolean;
    flows: { id: string; title: string }[];
    flow: { flow: { title: string } };
    baseData: { lists: Record<string, { Description: string }[]> };
  };
}

async function page(cookie?: string): Promise<Page> {
  const response = await fetch(`${server.baseUrl}/uzi/abonneeregistratie-zorgverlener`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  const html = await response.text();
  const data = /<script type="application\/json" id="portal-boot">(.*?)<\/script>/s.exec(html)?.[1];
  return { htmlLang: /<html lang="([^"]*)"/.exec(html)?.[1], boot: JSON.parse(data ?? 'null') as Page['boot'] };
}

describe('the language of a portal page', () => {
  it('is Dutch, with Dutch data, when nothing was chosen', async () => {
    const { htmlLang, boot } = await page();
    expect(htmlLang).toBe('nl');
    expect(boot.lang).toBe('nl');
    expect(boot.langChosen).toBeUndefined();
    expect(boot.flow.flow.title).toBe('Abonneeregistratie zorgverlener');
  });

  it('is the chosen language, with the index, flow document and lists in it', async () => {
    const { htmlLang, boot } = await page(`${LANG_COOKIE}=en`);
    expect(htmlLang).toBe('en');
    expect(boot).toMatchObject({ lang: 'en', langChosen: true });
    expect(boot.flow.flow.title).toBe('Subscriber registration for a healthcare provider');
    expect(boot.flows.find((entry) => entry.id === 'abonneeregistratie-zorgverlener')?.title).toBe('Subscriber registration for a healthcare provider');
    expect(boot.baseData.lists.Machtigingen[0].Description).toBe('Applying for and revoking UZI passes');
    // Chosen Dutch is marked as chosen too: the page then takes over no older choice.
    expect((await page(`${LANG_COOKIE}=nl`)).boot).toMatchObject({ lang: 'nl', langChosen: true });
  });

  it('ignores a cookie value that is no portal language', async () => {
    const { htmlLang, boot } = await page(`${LANG_COOKIE}=${encodeURIComponent('"><script>')}`);
    expect(htmlLang).toBe('nl');
    expect(boot.lang).toBe('nl');
    expect(boot.langChosen).toBeUndefined();
  });
});
