// English stays with its item over real HTTP: a draft of the server certificate in which an
// administrator adds an option to 'Hoe wilt u zich identificeren?', moves another up and inserts a
// confirmation block is saved (the server writes the new block's id into it) and published; the
// English document served to applicants then pairs each English option label with its own value and
// each block with its own English (the new block in Dutch, marked as such), and an English
// submission stores the value of the option whose English label was chosen. SQLite, and PostgreSQL
// when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { flowTexts, type TranslationFile } from '../../renderer/core/translations';
import type { ContentBlock, FlowDocument } from '../../renderer/core/types';
import { setBlocks } from '../../src/beheer/editor/documentEdits';
import { setEnglish } from '../../src/beheer/editor/englishEdits';
import { setOptions } from '../../src/beheer/editor/fieldEdits';
import { beheerLogin, BOOTSTRAP, withBeheer, type BeheerCookie } from '../helpers/beheer';
import { englishAt, flowEnglish } from '../helpers/flowTexts';
import { makeRsaCsr, openSslWorkDir, removeOpenSslWorkDir } from '../helpers/openssl';
import { KENMERK_FORMAT, multipartForm, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';

const FLOW = 'aanvraag-servercertificaat';
const FIELD = 'aanvragerIdentificeren';
const DOMAIN = 'www.zorginstelling.nl';

interface DraftAnswer {
  draft: { source: { document: string; english?: string }; updatedAt: string } | null;
  findings: { severity: string; pointer: string | null; message: string }[];
  fixtures: { file: string; problems: string[] }[];
}

interface Served {
  flow: FlowDocument;
  hash: string;
}

function defineSuite(engine: string, databaseUrl: string | undefined) {
  describe(`English of a draft with reordered options and an inserted block, as applicants get it (${engine})`, () => {
    let server: TestServer;
    let page: Session;
    let admin: BeheerCookie;
    const english = flowEnglish(FLOW);

    beforeAll(async () => {
      openSslWorkDir();
      server = await startServer({
        databaseUrl,
        env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password, BEHEER_LOGIN_RATE_LIMIT_MAX: '1000' },
      });
      page = await server.session('/beheer');
      admin = await beheerLogin(server, page);
    });
    afterAll(async () => {
      await server?.close();
      removeOpenSslWorkDir();
    });

    const served = async (lang: 'nl' | 'en'): Promise<Served> => (await (await server.fetch(`/api/flows/${FLOW}?lang=${lang}`)).json()) as Served;
    const optionsOf = (flow: FlowDocument) => {
      const field = flow.steps[0].schema.properties![FIELD];
      return (field.enum as number[]).map((value, index) => ({ value, label: field['x-enumNames']![index] }));
    };

    it('publishes the draft, serves each English text with its own item, and stores the value of the English option chosen', async () => {
      const started = await server.postJson(`/api/beheer/flows/${FLOW}/concept`, {}, page, withBeheer(page, admin));
      expect(started.status).toBe(201);
      const { document, english: englishText } = ((await started.json()) as DraftAnswer).draft!.source;

      // The structured editor: a new option first (3: the test cases take 2 as no option), 'Met een elektronische handtekening' (1) moved up.
      const reordered = setOptions(document, 0, FIELD, [
        { value: 3, label: 'Met een uittreksel uit het handelsregister' },
        { value: 1, label: 'Met een elektronische handtekening' },
        { value: 0, label: 'Via de pasuitgifteorganisatie' },
      ]);
      // A block inserted before the others, typed in the source view without an id.
      const blocks = (JSON.parse(reordered) as FlowDocument).confirmation.blocks;
      const drafted = setBlocks(
        reordered,
        ['confirmation', 'blocks'],
        [{ kind: 'paragraph', text: 'Bewaar het kenmerk van uw aanvraag.' } as ContentBlock, ...blocks],
        true,
      );
      // English for the new option, keyed by its value.
      const translated = setEnglish(
        englishText!,
        `steps.stap1.schema.properties.${FIELD}.x-enumNames.=3`,
        'Met een uittreksel uit het handelsregister',
        'With an extract from the trade register',
      );

      const saved = await server.fetch(`/api/beheer/flows/${FLOW}/concept`, {
        method: 'PUT',
        headers: { ...withBeheer(page, admin), 'content-type': 'application/json' },
        body: JSON.stringify({ document: drafted, english: translated }),
      });
      expect(saved.status).toBe(200);
      const answer = (await saved.json()) as DraftAnswer;
      expect(answer.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
      expect(answer.fixtures.filter((run) => run.problems.length > 0)).toEqual([]);
      // The server wrote the new block's id into the draft it stored; nothing else of the text changed.
      expect(answer.draft!.source.document).toBe(
        drafted.replace(
          '"kind": "paragraph",\n        "text": "Bewaar het kenmerk',
          '"id": "bewaar-het-kenmerk-van",\n        "kind": "paragraph",\n        "text": "Bewaar het kenmerk',
        ),
      );
      expect(answer.draft!.source.english).toBe(translated);

      const published = await server.postJson(
        `/api/beheer/flows/${FLOW}/publiceren`,
        { note: 'Keuze toegevoegd, blok ingevoegd', updatedAt: answer.draft!.updatedAt },
        page,
        withBeheer(page, admin),
      );
      expect(published.status, await published.clone().text()).toBe(200);

      // Options: each English label with its own value.
      const [dutch, englishServed] = [await served('nl'), await served('en')];
      expect(englishServed.hash).toBe(dutch.hash);
      expect(optionsOf(dutch.flow)).toEqual([
        { value: 3, label: 'Met een uittreksel uit het handelsregister' },
        { value: 1, label: 'Met een elektronische handtekening' },
        { value: 0, label: 'Via de pasuitgifteorganisatie' },
      ]);
      const prefix = `steps.stap1.schema.properties.${FIELD}.x-enumNames`;
      expect(optionsOf(englishServed.flow)).toEqual([
        { value: 3, label: 'With an extract from the trade register' },
        { value: 1, label: englishAt(english, `${prefix}.=1`) },
        { value: 0, label: englishAt(english, `${prefix}.=0`) },
      ]);

      // Blocks: each with its own English; the new one in Dutch, listed as Dutch for the page to mark.
      const englishBlocks = englishServed.flow.confirmation.blocks;
      expect(englishBlocks.map((block) => block.id)).toEqual(dutch.flow.confirmation.blocks.map((block) => block.id));
      expect(englishBlocks[0]).toMatchObject({ id: 'bewaar-het-kenmerk-van', text: 'Bewaar het kenmerk van uw aanvraag.' });
      for (const block of englishBlocks.slice(1)) {
        if (!('text' in block)) continue;
        expect(block.text, block.id).toBe(englishAt(english, `confirmation.blocks.${block.id}.text`));
      }
      expect(englishServed.flow.dutchTexts).toEqual(['Bewaar het kenmerk van uw aanvraag.']);

      // An English applicant chooses 'Through the card issuing organisation': the value stored is that option's.
      const chosen = optionsOf(englishServed.flow).find((option) => option.label === 'Through the card issuing organisation')!;
      const applicant = await server.session(`/zovar/${FLOW}`);
      const form = multipartForm(
        {
          isAbonnee: 'true',
          abonneeNaam: 'Zorggroep De Linde B.V.',
          abonneeNummer: '12345678',
          aanvragerGeboortedatum: '31-12-1980',
          aanvragerGeboortenaam: 'Vries',
          aanvragerVoornamen: 'Johanna Maria',
          aanvragerTelefoonnummer: '0612345678',
          aanvragerEmailadres: 'j.devries@zorggroep-delinde.nl',
          aanvragerIdentificeren: String(chosen.value),
          domeinNaam: DOMAIN,
          scenario: '2',
        },
        [{ name: `${DOMAIN}.csr`, bytes: makeRsaCsr(4096, { cn: DOMAIN }), type: 'application/pkcs10' }],
        'pkcs10Bestand',
      );
      const sent = await server.postMultipart(`/api/${FLOW}/upload`, form, applicant, {
        'X-Flow-Version': englishServed.hash,
        cookie: `${applicant.cookie}; portal_taal=en`,
      });
      expect(sent.status, await sent.clone().text()).toBe(200);
      const { kenmerk } = (await sent.json()) as { kenmerk: string };
      expect(kenmerk).toMatch(KENMERK_FORMAT);
      const record = await server.storage.getSubmission(kenmerk);
      expect((record!.data as Record<string, Record<string, unknown>>).uwGegevens[FIELD]).toBe(0);
      // The value stored is the one whose Dutch label is the option the English label translates.
      expect(optionsOf(dutch.flow).find((option) => option.value === chosen.value)!.label).toBe('Via de pasuitgifteorganisatie');
    });

    it('migrates a file written before parts had ids when it is imported as the draft: ids written, English under the new keys', async () => {
      const current = readFileSync(`flows/${FLOW}.flow.json`, 'utf8');
      const currentEnglish = JSON.parse(readFileSync(`flows/i18n/${FLOW}.en.json`, 'utf8')) as TranslationFile;
      // The same flow as it was written before: no ids on blocks and signers, English by position.
      const old = JSON.parse(current) as FlowDocument;
      const strip = (list: { id?: string }[] | undefined) => list?.forEach((part) => delete part.id);
      for (const step of old.steps) [step.intro, step.outro].forEach(strip);
      [old.review.intro, old.review.outro, old.confirmation.blocks, old.confirmation.download?.signers].forEach(strip);
      const legacy = new Map(flowTexts(JSON.parse(current)).map((text) => [text.path, text.legacy ?? text.path]));
      const oldEnglish = Object.fromEntries(Object.entries(currentEnglish).map(([key, entry]) => [legacy.get(key) ?? key, entry]));
      expect(Object.keys(oldEnglish)).toContain('confirmation.blocks.2.text');

      const imported = await server.postJson(
        `/api/beheer/flows/${FLOW}/concept/importeren`,
        { document: JSON.stringify(old, null, 2), english: JSON.stringify(oldEnglish, null, 2) },
        page,
        withBeheer(page, admin),
      );
      expect(imported.status, await imported.clone().text()).toBe(200);
      const answer = (await imported.json()) as DraftAnswer;
      const stored = JSON.parse(answer.draft!.source.document) as FlowDocument;
      expect(stored.confirmation.blocks.map((block) => block.id)).toEqual((JSON.parse(current) as FlowDocument).confirmation.blocks.map((block) => block.id));
      expect(JSON.parse(answer.draft!.source.english!)).toEqual(currentEnglish);
      expect(answer.findings.filter((finding) => finding.severity === 'error' || finding.message.includes('bestaat niet meer'))).toEqual([]);
    });
  });
}

defineSuite('SQLite', undefined);
const databaseUrl = testDatabaseUrl();
if (databaseUrl) defineSuite('PostgreSQL', databaseUrl);
