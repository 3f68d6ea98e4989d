/**
 * A copy of a release's definitions (flows/, schemas/, data/ and the widget descriptions) in a
 * temporary folder, for tests that change a flow the way an administrator would and start a server
 * on it (`APP_ROOT`).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free edits of a parsed flow document
export type EditableFlow = Record<string, any>;

export interface FlowRoot {
  root: string;
  /** Path of a flow file in the copy. */
  flowFile(id: string): string;
  readFlow(id: string): EditableFlow;
  /** Changes a flow file (written back with two-space indentation). */
  editFlow(id: string, change: (flow: EditableFlow) => void): void;
  /** Writes a new flow file. */
  writeFlow(id: string, flow: EditableFlow): void;
  writeFlowText(id: string, text: string): void;
  /** Adds English entries (path -> { nl, en }) to a flow's English file. */
  addEnglish(id: string, entries: Record<string, { nl: string; en: string }>): void;
  dispose(): void;
}

export function copyFlowRoot(): FlowRoot {
  const root = mkdtempSync(path.join(tmpdir(), 'uzi-flow-root-'));
  for (const folder of ['flows', 'schemas', 'data']) cpSync(path.join(process.cwd(), folder), path.join(root, folder), { recursive: true });
  cpSync(path.join(process.cwd(), 'widgets'), path.join(root, 'widgets'), { recursive: true, filter: (source) => !/\.(tsx?|css)$/.test(source) });
  const flowFile = (id: string) => path.join(root, 'flows', `${id}.flow.json`);
  const englishFile = (id: string) => path.join(root, 'flows', 'i18n', `${id}.en.json`);
  const readFlow = (id: string) => JSON.parse(readFileSync(flowFile(id), 'utf8')) as EditableFlow;
  return {
    root,
    flowFile,
    readFlow,
    editFlow(id, change) {
      const flow = readFlow(id);
      change(flow);
      writeFileSync(flowFile(id), `${JSON.stringify(flow, null, 2)}\n`);
    },
    writeFlow(id, flow) {
      writeFileSync(flowFile(id), `${JSON.stringify(flow, null, 2)}\n`);
    },
    writeFlowText(id, text) {
      writeFileSync(flowFile(id), text);
    },
    addEnglish(id, entries) {
      const english = JSON.parse(readFileSync(englishFile(id), 'utf8')) as Record<string, unknown>;
      writeFileSync(englishFile(id), `${JSON.stringify({ ...english, ...entries }, null, 2)}\n`);
    },
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
