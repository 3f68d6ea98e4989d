/**
 * The shape of a flow document (flows/<id>.flow.json) after the server resolved its `$ref`s and
 * option lists. `schemas/flow.schema.json` is the meta-schema of the same shape as written.
 */
import type { RulesLogic } from 'json-logic-js';
import type { FileRules } from './files';
import type { Lang } from './i18n';

export type { FileRef, FileRules } from './files';

export type Scenario = 'uzi' | 'zovar';
export const SCENARIOS: readonly Scenario[] = ['uzi', 'zovar'];
/** Scenario numbers of the spec: uzi 1, zovar 2. */
export const SCENARIO_NUMBER: Record<Scenario, number> = { uzi: 1, zovar: 2 };

export type JsonLogic = RulesLogic;
/** JSON Schema as plain data; the engine reads only a few keywords itself. */
export type JsonSchema = {
  $id?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  'x-enumNames'?: string[];
  'x-messages'?: Record<string, string>;
  'x-files'?: FileRules;
  'x-options'?: string;
  /** Default uiSchema hints a shared definition brings along (the flow's uiSchema wins). */
  'x-ui'?: UiSchema;
  [keyword: string]: unknown;
};
export type UiSchema = Record<string, unknown>;

/** A content block of intro, review and confirmation pages. Texts may hold `{placeholders}`. */
export type ContentBlock = (
  | {
      kind: 'heading';
      text: string;
      level?: 2 | 3;
      /** Numbered '1. ', '2. ' … in the order shown, counting only the numbered headings that show. */
      numbered?: boolean;
    }
  | { kind: 'paragraph'; text: string }
  /** Items are `{ id, text }`; a plain string is an item of a version stored before items had ids (see `listItemText`). */
  | { kind: 'list'; items: (ListItem | string)[] }
  | { kind: 'link'; text: string; href: string; external?: boolean }
  | { kind: 'alert'; type: 'info' | 'warning' | 'error' | 'success' | 'call-to-action'; title?: string; text: string }
  | { kind: 'download'; text: string; url: string; fileLabel?: string }
  | { kind: 'homeLink'; text: string }
  /** The register's postal (freepost) address, as the portal is configured. */
  | { kind: 'postAddress' }
  /** Items of a reference list entry chosen in the model, e.g. the documents of an institution type. */
  | { kind: 'optionItems'; list: string; valueFrom: string; itemsKey: string }
  /**
   * The documents to send with the signed form, each shown by its own rule. The confirmation page
   * shows them (under `title`, left out with the title when none applies) and the printed form
   * lists the same ones: one definition for both.
   */
  | { kind: 'requiredDocuments'; title?: string; level?: 2 | 3; numbered?: boolean; items: RequiredDocument[] }
) & {
  /**
   * The block's name among the blocks of its list: its English is found by it, never by its position
   * (`partIds.ts` adds it when missing; a version stored before blocks had ids has none).
   */
  id?: string;
  /** json-logic over the model (with `$vars` and `$lists`); the block shows only when it holds. */
  visibleIf?: JsonLogic;
};

/** One point of a `list` block, named by its id within the list. */
export interface ListItem {
  id: string;
  text: string;
}

/** One required document: a fixed text, or the items of the reference-list entry chosen in the model. */
export type RequiredDocument = (
  | { text: string }
  /** E.g. the `Documents` of the chosen `ZorginstellingTypes` entry (texts that may hold <strong>/<em>). */
  | { list: string; valueFrom: string; itemsKey: string }
) & {
  /** The document's name within its block (added when missing). */
  id?: string;
  /** json-logic over the model (with `$vars` and `$lists`); the document is asked only when it holds. */
  visibleIf?: JsonLogic;
};

/** Who signs the printed form: a role, the person's name from the model, and when they sign. */
export interface FormSigner {
  /** The signer's name among the signers (added when missing). */
  id?: string;
  /** The role, e.g. 'Wettelijk vertegenwoordiger'. */
  title: string;
  /** Model paths whose values, joined by spaces (empty ones left out), are the printed name. */
  nameFrom?: string[];
  /** json-logic over the model; the signer is asked only when it holds (e.g. an authorised applicant designated). */
  visibleIf?: JsonLogic;
}

/** A value set in the model when its rule holds (e.g. a training title implied by a register). */
export interface DeriveRule {
  field: string;
  when: JsonLogic;
  value: JsonLogic;
}

/** A variant of a flow chosen by a route segment (e.g. artikel3 / artikel34), with its constants. */
export interface FlowVariant {
  id: string;
  default?: boolean;
  title?: string;
  /** Values merged into the model under the `variant` key. */
  constants: Record<string, unknown>;
}

/** An info/warning box shown inside a step when its rule holds. */
export interface StepBox {
  id: string;
  type: 'info' | 'warning' | 'error';
  title?: string;
  text: string;
  /** Field path (within the step) after which the box appears; at the top when absent. */
  after?: string;
  visibleIf?: JsonLogic;
}

/** A rule over several fields: when `assert` is false, `message` is shown at `field`. */
export interface CrossFieldRule {
  id: string;
  field: string;
  assert: JsonLogic;
  message: string;
}

export interface StepDefinition {
  id: string;
  title: string;
  /** Key of this step's data in the flow model. */
  dataKey: string;
  intro?: ContentBlock[];
  /** Blocks after the fields (e.g. the documents to send for the chosen type). */
  outro?: ContentBlock[];
  schema: JsonSchema;
  uiSchema?: UiSchema;
  /** Field path (within the step) -> json-logic over the whole flow model. */
  visibleIf?: Record<string, JsonLogic>;
  rules?: CrossFieldRule[];
  /** Field path -> keyword (or `format`, `format.<format>`, `format.<format>.<reason>`) -> message override. */
  messages?: Record<string, Record<string, string>>;
  boxes?: StepBox[];
  derive?: DeriveRule[];
}

export interface ReviewDefinition {
  id: string;
  title: string;
  intro?: ContentBlock[];
  submitLabel: string;
  changeLabel?: string;
  /** Blocks after the summary (e.g. the cost line). */
  outro?: ContentBlock[];
}

/**
 * A flow whose answers and files are sent as one multipart request. Every field of every step is
 * sent (see renderer/core/uploadFields.ts), under its path within the step unless `names` gives it
 * another name, so nothing an applicant entered can be left out of what is sent and stored.
 */
export interface UploadSubmit {
  kind: 'upload';
  url: string;
  /** Model path (`dataKey.field`) -> multipart name, only where the name is not the field's path in its step. */
  names?: Record<string, string>;
  /** Multipart field that carries the scenario number (uzi 1, zovar 2). */
  scenarioField?: string;
  failureMessage: string;
  /** Heading above server validation codes (e.g. the PKCS#10 check). */
  codeHeading?: string;
  codeMessages?: Record<string, string>;
}

/**
 * A flow whose answers are sent as one JSON model to `url` (`POST /api/<flow>/indienen`): the server
 * checks and stores them under a kenmerk before the browser moves on; the printed form is then made
 * from what was stored.
 */
export interface JsonSubmit {
  kind: 'json';
  url: string;
  failureMessage: string;
}

/** A flow that sends nothing: the browser goes straight to the confirmation. */
export interface NavigateSubmit {
  kind: 'navigate';
}

export interface ConfirmationDefinition {
  title: string;
  blocks: ContentBlock[];
  /** `payload`: what the download call sends — the kenmerk of a stored submission, or the whole model. */
  download?: {
    url: string;
    errorMessage: string;
    errorSrText: string;
    payload?: 'kenmerk' | 'model';
    /** The document: a receipt of what was delivered (default) or the application form to sign. */
    document?: 'receipt' | 'application';
    /**
     * Who signs the document, in order. A document with signers also says how to send it back
     * (digitally or by post).
     */
    signers?: FormSigner[];
  };
}

export interface FlowDocument {
  id: string;
  scenarios: Scenario[];
  /** The languages the flow is in; `["nl"]`: Dutch only (served in Dutch to everyone, no English needed). Both when absent. */
  languages?: Lang[];
  /** An example of what the engine can show (flows/voorbeelden): served outside production only. */
  example?: boolean;
  title: string;
  /** Title per scenario when it differs (e.g. with ' (ZOVAR)'). */
  scenarioTitles?: Partial<Record<Scenario, string>>;
  headerName: string;
  baseData?: string;
  /** Texts computed from the model, used as `{name}` in labels, messages and content. */
  variables?: Record<string, JsonLogic>;
  variants?: FlowVariant[];
  /**
   * Only in a resolved English document: the texts it shows in Dutch because their English is
   * missing or was written for an older Dutch text. The page marks each of them `lang="nl"`
   * (`dutchTexts.ts`); never written in a flow file.
   */
  dutchTexts?: string[];
  intro?: { title: string; blocks: ContentBlock[]; startLabel: string };
  steps: StepDefinition[];
  review: ReviewDefinition;
  submit: UploadSubmit | JsonSubmit | NavigateSubmit;
  confirmation: ConfirmationDefinition;
}

/** The data of a flow: one object per step, keyed by the step's dataKey. */
export type FlowModel = Record<string, Record<string, unknown>>;

/** One field message after mapping to Dutch (or English). */
export interface FieldError {
  /** Path within the step data, dotted ('persoonsgegevens.bsn'). */
  field: string;
  /** The keyword or rule that failed ('required', 'format', 'rule:<id>'). */
  code: string;
  message: string;
}

export function flowTitle(flow: FlowDocument, scenario: Scenario): string {
  return flow.scenarioTitles?.[scenario] ?? flow.title;
}

/** Key of the variant constants in the model. */
export const VARIANT_KEY = 'variant';

/** Reference lists of a flow by name (from data/base-data), as the server serves them. */
export type ReferenceLists = Record<string, unknown>;
