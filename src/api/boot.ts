/**
 * The data the server put in the page (`<script type="application/json" id="portal-boot">`, see
 * src/server/boot/pageBoot.ts): the public settings, the flow index and, on a flow's address, the
 * flow document and its reference lists — in the page's language. Read once; each loader below takes its part
 * when the language (and version) asked for is the one inlined, and otherwise asks the API.
 */
import type { Lang } from '../../renderer/core/i18n';
import type { ReferenceLists } from '../../renderer/core/types';
import type { FlowAnswer } from '../shared/flowAnswer';

export interface BootData {
  /** The page's language; everything below is in it. */
  lang: Lang;
  /** Whether the applicant chose that language (else it is the default). */
  langChosen?: boolean;
  config?: unknown;
  flows?: unknown;
  flow?: FlowAnswer;
  baseData?: { name: string; lists: ReferenceLists };
}

let read: BootData | null | undefined;

export function bootData(): BootData | undefined {
  if (read === undefined) {
    read = null;
    const element = typeof document === 'undefined' ? null : document.getElementById('portal-boot');
    try {
      if (element?.textContent) read = JSON.parse(element.textContent) as BootData;
    } catch {
      // Unreadable: everything is loaded from the API instead.
    }
  }
  return read ?? undefined;
}

/** The inlined flow answer, when it is the flow, language and version asked for. */
export function bootFlow(id: string, lang: Lang, hash: string | undefined): BootData['flow'] {
  const boot = bootData();
  const flow = boot?.flow;
  return boot && flow && boot.lang === lang && flow.flow.id === id && (hash === undefined || hash === flow.hash) ? flow : undefined;
}

/** The inlined reference lists, when they are the set and language asked for. */
export function bootBaseData(name: string, lang: Lang): ReferenceLists | undefined {
  const boot = bootData();
  return boot?.baseData && boot.lang === lang && boot.baseData.name === name ? boot.baseData.lists : undefined;
}
