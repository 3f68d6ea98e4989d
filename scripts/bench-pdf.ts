// Benchmark of the server PDF renderer: renders a representative two-page
// confirmation 200 times (after a warm-up) and prints median and p95 in ms.
//
//   npx tsx scripts/bench-pdf.ts [iterations]
import { renderPdf, type PdfDocumentModel } from '../src/server/pdf/index.js';

const kenmerk = '7KQ2-M9XD-4HTR-B8WC';

const model: PdfDocumentModel = {
  lang: 'nl',
  registerName: 'UZI-register',
  title: 'Bevestiging van indiening',
  subtitle: 'Aanvraag voor aanlevering van documenten',
  meta: [
    { label: 'Datum aanmaak', value: '21-11-2026 19:30' },
    { label: 'Kenmerk', value: kenmerk },
  ],
  blocks: [
    {
      kind: 'paragraph',
      text:
        'Wij hebben uw aanvraag en de bijgevoegde documenten ontvangen. Bewaar deze bevestiging bij uw ' +
        'administratie. Vermeld het kenmerk als u contact met ons opneemt.',
    },
    { kind: 'heading', text: 'Gegevens aanvrager' },
    {
      kind: 'rows',
      rows: [
        { label: 'Naam', value: 'Łukasz Żółć' },
        { label: 'Geboortedatum', value: '03-04-1981' },
        { label: 'BIG-nummer', value: '19012345601' },
        { label: 'E-mailadres', value: 'l.zolc@voorbeeldziekenhuis.nl' },
        { label: 'Telefoonnummer', value: '+31 6 12345678' },
        { label: 'Adres', value: 'Voorbeeldstraat 12\n1234 AB  Utrecht' },
      ],
    },
    { kind: 'heading', text: 'Organisatie' },
    {
      kind: 'rows',
      rows: [
        { label: 'Naam organisatie', value: 'Stichting Voorbeeldziekenhuis Midden-Nederland' },
        { label: 'URA-nummer', value: '90000123' },
        { label: 'KvK-nummer', value: '12345678' },
        { label: 'Wettelijk vertegenwoordiger', value: "Zoë van der Heijden-d'Hondt" },
        { label: 'Contactpersoon', value: 'Ñuñez' },
        {
          label: 'Toelichting',
          value: 'Wij vragen de passen aan voor de nieuwe medewerkers van de spoedeisende hulp. '.repeat(6).trim(),
        },
      ],
    },
    {
      kind: 'rows',
      heading: 'Documenten',
      rows: [
        {
          label: 'Bijgevoegde bestanden',
          value: ['uittreksel-kvk.pdf (245 kB)', 'machtiging-wettelijk-vertegenwoordiger.pdf (1,2 MB)', 'kopie-identiteitsbewijs.pdf (810 kB)'],
        },
        { label: 'Aantal bestanden', value: '3' },
      ],
    },
    { kind: 'heading', text: 'Verklaring' },
    {
      kind: 'list',
      items: [
        'Ik verklaar dat ik de gegevens naar waarheid heb ingevuld.',
        'Ik ga akkoord met de voorwaarden van het register en met de verwerking van de persoonsgegevens.',
      ],
    },
    { kind: 'signature', heading: 'Ondertekening', signers: [{ title: 'Wettelijk vertegenwoordiger', name: 'Łukasz Żółć' }, { title: 'Gemachtigd aanvrager', name: "Zoë van der Heijden-d'Hondt" }] },
  ],
  footer: `Kenmerk ${kenmerk}  ·  pagina {page} van {pages}`,
};

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const iterations = Number(process.argv[2] ?? 200);

const t0 = performance.now();
const first = await renderPdf(model);
const firstMs = performance.now() - t0;
for (let i = 0; i < 20; i++) await renderPdf(model); // warm-up (JIT, font caches)

const times: number[] = [];
const cpuTimes: number[] = [];
let bytes = first.length;
for (let i = 0; i < iterations; i++) {
  const c = process.cpuUsage();
  const t = performance.now();
  const pdf = await renderPdf(model);
  times.push(performance.now() - t);
  const cpu = process.cpuUsage(c);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
  bytes = pdf.length;
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const pages = (first.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

console.log(`renderPdf: ${iterations} renders, ${pages} pages, ${(bytes / 1024).toFixed(1)} KiB`);
console.log(`first (cold) ${firstMs.toFixed(1)} ms`);
console.log(
  `median ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  ` +
    `min ${times[0].toFixed(2)} ms  max ${times[times.length - 1].toFixed(2)} ms`,
);
// CPU time of the process (all threads, incl. GC) — less sensitive to other load on the machine.
console.log(`cpu: median ${percentile(cpuTimes, 50).toFixed(2)} ms  p95 ${percentile(cpuTimes, 95).toFixed(2)} ms`);
