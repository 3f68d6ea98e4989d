/**
 * What a portal page needs before it can show anything, handed over in the page itself so nothing
 * waits on the main script: the public settings, the flow index and — on a flow's address — the
 * flow document and its reference lists as inline data (`<script type="application/json">`, never
 * executed, so the CSP stays 'self'), plus `modulepreload` links for the step's validator module and
 * the lazily loaded widget code the step shows. The browser then fetches all of it in parallel with
 * the main script, from the URL alone. Everything inlined is in the page's language: the one the
 * applicant chose (the `portal_taal` cookie the language switch sets), else Dutch.
 *
 * Which widget and field code a step needs is read, not listed: the names `stepCodeNames` finds in
 * the step (its `ui:field`/`ui:widget` names, and the rjsf fields its types lead to), the widget
 * descriptions (`widgets/<Dir>/widget.json`) that say which folder holds each name, the renderer's
 * files named after the part they hold (`renderer/react/fields/ArrayField.tsx`,
 * `renderer/react/ContentBlocks.tsx`), and the build's manifest, which says
 * which separately loaded chunk comes from that folder or file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANG, type Lang } from '../../../renderer/core/i18n';
import type { FlowDocument } from '../../../renderer/core/types';
import { stepCodeNames } from '../../../renderer/core/stepCode';
import { validatorUrls, type FlowRegistry } from '../flows/registry';
import type { ActiveFlowVersion } from '../flows/version';
import type { EncodedBody } from '../http/encoded';

export const BOOT_ELEMENT_ID = 'portal-boot';

/** The parts of a page that depend on the request: the inline data and the links to preload. */
export interface PageBoot {
  /** Names what the page holds (the flow version and step, or the shell, and the language): equal keys, equal pages. */
  key: string;
  /** The language of the page and of everything inlined in it. */
  lang: Lang;
  /** Serialised JSON of the boot data, safe inside a script element. */
  json: () => string;
  /** The module URLs (and stylesheets of those modules) the page preloads. */
  preload: () => string[];
}

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The files a separately loaded chunk brings with it: its own file, the chunks it imports (not
 * those the main script already holds) and their stylesheets — all of them, so none waits on another.
 */
function chunkFiles(manifest: Record<string, ManifestEntry>, key: string, loaded: Set<string>, into = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry || loaded.has(key) || into.has(`/${entry.file}`)) return into;
  into.add(`/${entry.file}`);
  for (const css of entry.css ?? []) into.add(`/${css}`);
  for (const imported of entry.imports ?? []) chunkFiles(manifest, imported, loaded, into);
  return into;
}

/** The manifest keys of the main script and what it imports statically: already on every page. */
function entryGraph(manifest: Record<string, ManifestEntry>): Set<string> {
  const graph = new Set<string>();
  const add = (key: string) => {
    if (graph.has(key) || !manifest[key]) return;
    graph.add(key);
    manifest[key].imports?.forEach(add);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) add(key);
  return graph;
}

/**
 * Widget or field name (and alias) → the built chunks (and their stylesheets) of the folder it lives
 * in; a renderer part loaded on demand (an rjsf field, the text blocks) → those of its own file.
 */
export function widgetChunks(rootDir: string, clientDir: string): Map<string, string[]> {
  const chunks = new Map<string, string[]>();
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const widgetsDir = path.join(rootDir, 'widgets');
  if (!existsSync(manifestFile) || !existsSync(widgetsDir)) return chunks;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
  const byFolder = new Map<string, string[]>();
  const loaded = entryGraph(manifest);
  for (const [key, entry] of Object.entries(manifest)) {
    if (!entry.isDynamicEntry) continue;
    const folder = /^widgets\/([^/]+)\//.exec(entry.src ?? '')?.[1];
    if (folder) byFolder.set(folder, [...new Set([...(byFolder.get(folder) ?? []), ...chunkFiles(manifest, key, loaded)])]);
    // A renderer part loaded on demand (an rjsf field, the text blocks, the choice field) lives in the file of its name.
    const part = /^renderer\/react\/(?:fields\/|templates\/)?([A-Za-z]+)\.tsx$/.exec(entry.src ?? '')?.[1];
    if (part) chunks.set(part, [...chunkFiles(manifest, key, loaded)]);
  }
  for (const folder of readdirSync(widgetsDir)) {
    const file = path.join(widgetsDir, folder, 'widget.json');
    const files = byFolder.get(folder);
    if (!files || !existsSync(file)) continue;
    const described = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { name: string; aliases?: string[] }[] | undefined>;
    for (const item of [...(described.widgets ?? []), ...(described.fields ?? [])]) {
      for (const name of [item.name, ...(item.aliases ?? [])]) chunks.set(name, files);
    }
  }
  return chunks;
}

/** The step a flow address shows: the step named in it, else the first (also behind an intro page). */
function stepOf(flow: FlowDocument, segments: string[]): FlowDocument['steps'][number] {
  const rest = flow.variants?.some((variant) => variant.id === segments[0]) ? segments.slice(1) : segments;
  return flow.steps.find((step) => step.id === rest[0]) ?? flow.steps[0];
}

/** A JSON text that cannot end the script element it sits in ('<' only occurs inside strings). */
function scriptSafe(json: string): string {
  return json.replaceAll('<', '\\u003c');
}

export interface BootSources {
  registry: FlowRegistry;
  /** `GET /api/instellingen`'s answer, serialised. */
  config: string;
  index: (lang: Lang) => EncodedBody;
  flowAnswer: (version: ActiveFlowVersion, lang: Lang) => EncodedBody;
  /** The version's reference lists, serialised; undefined when its flow has none. */
  lists: (version: ActiveFlowVersion, lang: Lang) => string | undefined;
  chunks: Map<string, string[]>;
}

/** The page's language: the one chosen with the language switch (its cookie), else undefined. */
export interface PageLanguage {
  lang: Lang;
  /** Whether the applicant chose it (the cookie was there), rather than it being the default. */
  chosen: boolean;
}

/**
 * The boot data and preloads of the page at `url` (path only), in `language`. Only the key is
 * worked out per request; the data and the links are made when a page with that key is first built.
 */
export function pageBoot(url: string, sources: BootSources, language: PageLanguage = { lang: DEFAULT_LANG, chosen: false }): PageBoot {
  const segments = url
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeURIComponentSafe(segment).toLowerCase());
  const { lang, chosen } = language;
  const shell = () => [
    `"lang":"${lang}"`,
    ...(chosen ? ['"langChosen":true'] : []),
    `"config":${sources.config}`,
    `"flows":${sources.index(lang).identity.toString('utf8')}`,
  ];
  const languageKey = `${lang}${chosen ? '!' : ''}`;
  const [scenario, flowId] = segments;
  const version = flowId ? sources.registry.get(flowId) : undefined;
  const flow = version?.content.documents.nl;
  if (!version || !flow || !(flow.scenarios as string[]).includes(scenario ?? '')) {
    return { key: `shell:${languageKey}`, lang, json: () => scriptSafe(`{${shell().join(',')}}`), preload: () => [] };
  }
  const step = stepOf(flow, segments.slice(2));
  const preload = () => {
    const links = [validatorUrls(version)[step.id], ...[...stepCodeNames([step])].flatMap((name) => sources.chunks.get(name) ?? [])];
    return [...new Set(links.filter((href) => href !== undefined))];
  };
  const json = () => {
    const lists = sources.lists(version, lang);
    const parts = [...shell(), `"flow":${sources.flowAnswer(version, lang).identity.toString('utf8')}`];
    if (lists !== undefined) parts.push(`"baseData":{"name":${JSON.stringify(flow.baseData)},"lists":${lists}}`);
    return scriptSafe(`{${parts.join(',')}}`);
  };
  return { key: `${version.flowId}:${version.hash}:${version.version}:${step.id}:${languageKey}`, lang, json, preload };
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The page with its boot data and preload links put in its head: scripts as `modulepreload`, the
 * stylesheets of those chunks as stylesheets (the chunk's loader sees them there and does not
 * wait for them again).
 */
export function withBoot(html: string, boot: PageBoot): string {
  const links = boot
    .preload()
    .map((href) => {
      const attribute = href.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
      return /\.css$/.test(href) ? `<link rel="stylesheet" href="${attribute}">` : `<link rel="modulepreload" href="${attribute}">`;
    })
    .join('');
  const data = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${boot.json()}</script>`;
  // A function, so '$' in the data is never read as a replacement pattern.
  return html.replace(/<html lang="[^"]*"/, `<html lang="${boot.lang}"`).replace('</head>', () => `${links}${data}</head>`);
}
