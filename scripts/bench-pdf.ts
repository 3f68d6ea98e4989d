// Benchmark of the printed documents: for each of the six flows, builds the document from a valid
// schema fixture (the flow document, the review structure, required documents, signers) and renders
// it 200 times after a warm-up; prints pages, size, median and p95 in ms per document.
//
//   npm run bench:pdf [-- iterations]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { applyDerived } from '../renderer/core/rules/derive';
import { withEnvironment } from '../renderer/core/environment';
import type { FlowModel, Scenario } from '../renderer/core/types';
import { applicationPdfModel } from '../src/server/confirmation/applicationPdf';
import { submissionPdfModel } from '../src/server/confirmation/submissionPdf';
import { compileShippedFlows } from '../src/server/flows/sources.js';
import { loadTranslations } from '../src/server/i18n';
import { renderPdf, type PdfDocumentModel } from '../src/server/pdf/index.js';

const root = process.cwd();
const flows = compileShippedFlows(root);
const t = loadTranslations().nl;
const kenmerk = '7KQ2-M9XD-4HTR-B8WC';

/** One representative (and the largest) valid fixture per flow. */
const CASES: { flow: string; fixture: string; scenario: Scenario }[] = [
  { flow: 'aanleveren-documenten', fixture: '02-geldig-zonder-abonneenummer-zes-bestanden.json', scenario: 'uzi' },
  { flow: 'aanleveren-pkcs-10-bestand', fixture: '01-geldig.json', scenario: 'zovar' },
  { flow: 'aanvraag-servercertificaat', fixture: '01-geldig-abonnee-pasuitgifteorganisatie.json', scenario: 'zovar' },
  { flow: 'aanvraag-zorgverlenerpas', fixture: '02-geldig-artikel34-kp-geen-abonnee-gemachtigde-buitenlands-adres.json', scenario: 'uzi' },
  { flow: 'abonneeregistratie-zorginstelling', fixture: '02-geldig-type8-postadres-en-gemachtigde.json', scenario: 'uzi' },
  { flow: 'abonneeregistratie-zorgverlener', fixture: '02-geldig-artikel2-krm-mondhygienist-postadres-en-gemachtigde.json', scenario: 'uzi' },
];

/** The document model exactly as the 'bevestiging' route builds it for this flow. */
function documentModel(flowId: string, data: FlowModel, scenario: Scenario): PdfDocumentModel {
  const { content } = flows.get(flowId)!;
  const flow = content.documents.nl;
  const lists = content.lists.nl;
  const download = flow.confirmation.download!;
  if (download.document === 'application') {
    const env = withEnvironment(flow, applyDerived(flow, data), lists);
    return applicationPdfModel({ flow, env, scenario, t, lang: 'nl', kenmerk: download.payload === 'kenmerk' ? kenmerk : undefined });
  }
  const record = { id: 'bench', kenmerk, flowId, scenario, data, createdAt: new Date(), files: [] };
  return submissionPdfModel(flow, record, t, 'nl', lists);
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const iterations = Number(process.argv[2] ?? 200);
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

console.log(`${iterations} documents per flow (model built from the fixture + rendered), ms per document`);
console.log(['flow'.padEnd(36), 'pages', '   KiB', ' median', '    p95', ' cpu med', ' cpu p95'].join(' '));
for (const { flow, fixture, scenario } of CASES) {
  const data = (JSON.parse(readFileSync(path.join(root, 'tests/fixtures', flow, fixture), 'utf8')) as { data: FlowModel }).data;
  const render = () => renderPdf(documentModel(flow, data, scenario));
  const first = await render();
  for (let i = 0; i < 20; i++) await render(); // warm-up (JIT, font caches)
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await render();
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  console.log(
    [
      flow.padEnd(36),
      String(pageCount(first)).padStart(5),
      (first.length / 1024).toFixed(1).padStart(6),
      percentile(times, 50).toFixed(2).padStart(7),
      percentile(times, 95).toFixed(2).padStart(7),
      // CPU time of the process (all threads, incl. GC): less sensitive to other load on the machine.
      percentile(cpuTimes, 50).toFixed(2).padStart(8),
      percentile(cpuTimes, 95).toFixed(2).padStart(8),
    ].join(' '),
  );
}
