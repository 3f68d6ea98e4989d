// rjsf field for a whole address object (land, postcode, huisnummer, ... , extraAdresInformatie).
// Exists for the Dutch postcode lookup: once postcode and house number are valid it asks the portal's
// lookup service (after a 300 ms pause in typing) and fills street and town read-only, or explains
// why they must be typed by hand. The object itself is rendered by rjsf's own ObjectField, so the
// labels, errors, widgets and the renderer's visibility rules stay exactly as for any other object.
import { createContext, Fragment, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { FieldPathList, FieldProps, ErrorSchema, ObjectFieldTemplateProps, TemplatesType, UiSchema } from '@rjsf/utils';
import { getTemplate, getUiOptions } from '@rjsf/utils';
import { beginWork } from '../../renderer/browser/pendingWork';
import { formatChecks } from '../../renderer/core/formats';
import { Alert } from '../Alert';
import { useT } from '../shared/useT';
import '../shared/shared.css';

/** Answer of the postcode lookup: the street and town, or why there is none (HTTP 404 / any other failure). */
export type PostcodeLookupResult = { straat: string; plaats: string } | 'not-found' | 'error';

/** The services the portal puts in `formContext.services` for this field. */
export type AddressServices = {
  /** Looks up the street and town of a Dutch postcode (normalised: '2514EA') and house number (digits). */
  lookupPostcode(postcode: string, huisnummer: string): Promise<PostcodeLookupResult>;
};

/** Pause after the last change of postcode or house number before the lookup runs. */
export const LOOKUP_DEBOUNCE_MS = 300;

/** Country code for which the lookup runs and the Dutch fields apply. */
export const NETHERLANDS = 'NL';

/** Fields that only apply to a Dutch address; cleared when another country is chosen. */
export const DUTCH_FIELDS = ['postcode', 'huisnummer', 'huisnummerToevoeging', 'straatnaam', 'woonplaats'] as const;

/** Fields cleared when a lookup is no longer possible after one found the address. */
export const LOOKUP_CLEARED_FIELDS = ['straatnaam', 'woonplaats', 'extraAdresInformatie'] as const;

type AddressData = Record<string, unknown>;

function asObject(value: unknown): AddressData {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as AddressData) : {};
}

/** True for 'NL' and for no country at all (the lookup then still applies). */
export function isDutch(land: unknown): boolean {
  return land === undefined || land === null || land === '' || land === NETHERLANDS;
}

/** '2514 ea' -> '2514EA'; undefined when it is not a valid Dutch postcode. */
export function normalisePostcode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (formatChecks.postcode(trimmed) !== true) return undefined;
  return trimmed.replace(' ', '').toUpperCase();
}

/** The house number as digits; undefined when it is not a valid one. */
export function normaliseHuisnummer(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  return text !== undefined && formatChecks.huisnummer(text) === true ? text : undefined;
}

/** What to look up for an address, or undefined when no lookup is possible. */
export function lookupKey(data: AddressData): { postcode: string; huisnummer: string; key: string } | undefined {
  if (!isDutch(data.land)) return undefined;
  const postcode = normalisePostcode(data.postcode);
  const huisnummer = normaliseHuisnummer(data.huisnummer);
  if (postcode === undefined || huisnummer === undefined) return undefined;
  return { postcode, huisnummer, key: `${postcode}|${huisnummer}` };
}

function isFound(result: unknown): result is { straat: string; plaats: string } {
  if (typeof result !== 'object' || result === null) return false;
  const { straat, plaats } = result as { straat?: unknown; plaats?: unknown };
  return typeof straat === 'string' && typeof plaats === 'string' && (straat.trim() !== '' || plaats.trim() !== '');
}

function lookupService(formContext: unknown): AddressServices['lookupPostcode'] | undefined {
  const services = asObject(asObject(formContext).services);
  return typeof services.lookupPostcode === 'function' ? (services.lookupPostcode as AddressServices['lookupPostcode']) : undefined;
}

/** Outcome of the last lookup, for the postcode/house-number combination it was asked for. */
type LookupState = { kind: 'found'; key: string; straat: string; plaats: string } | { kind: 'not-found' | 'error'; key: string };

/** The message box before the street field, handed to the object template below. */
interface NoticeSlot {
  notice: ReactNode;
  Inner: TemplatesType['ObjectFieldTemplate'];
}

const NoticeContext = createContext<NoticeSlot | undefined>(undefined);

/** The field the lookup message is shown above (it says 'enter the street below'). */
const NOTICE_BEFORE = 'straatnaam';

/**
 * Object template of the address: the template that would otherwise be used (the renderer's, with
 * its visibility rules), with the lookup message placed just above the street field. The tree shape
 * never changes with the message, so no input is re-mounted (and loses focus) when it appears.
 */
function AddressObjectTemplate(props: ObjectFieldTemplateProps) {
  const slot = useContext(NoticeContext);
  if (!slot) return null;
  const { notice, Inner } = slot;
  const base = props.fieldPathId.path.map(String).join('.');
  const isHidden = asObject(props.registry.formContext).isHidden;
  const shown = (name: string) => {
    const property = props.properties.find((candidate) => candidate.name === name);
    if (!property || property.hidden) return false;
    return typeof isHidden === 'function' ? !isHidden(base ? `${base}.${name}` : name) : true;
  };
  const inline = shown(NOTICE_BEFORE);
  const properties = props.properties.map((property) =>
    property.name === NOTICE_BEFORE
      ? {
          ...property,
          content: (
            <Fragment key={property.name}>
              {inline ? notice : null}
              {property.content}
            </Fragment>
          ),
        }
      : property,
  );
  return (
    <>
      <Inner {...props} properties={properties} />
      {inline ? null : notice}
    </>
  );
}

function withReadonly(uiSchema: UiSchema | undefined): UiSchema {
  return { ...(uiSchema ?? {}), 'ui:readonly': true };
}

/**
 * rjsf field (`"ui:field": "Address"`) for an address object. Options (`ui:options`): `lookup`
 * (default true; false switches the postcode lookup off). The lookup service is read from
 * `formContext.services.lookupPostcode` ({@link AddressServices}); without it there is no lookup.
 */
export function AddressField(props: FieldProps) {
  const { formData, uiSchema, registry, fieldPathId, onChange } = props;
  const { t, lang } = useT(registry);
  const data = asObject(formData);
  const lookupEnabled = getUiOptions(uiSchema).lookup !== false;
  const lookup = lookupEnabled ? lookupKey(data) : undefined;
  const currentKey = lookup?.key;

  const [result, setResult] = useState<LookupState | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');

  // Latest values for callbacks and the asynchronous answer, so those never act on an old render.
  const latest = useRef({ data, currentKey, onChange, path: fieldPathId.path as FieldPathList, service: lookupService(registry.formContext), t });
  latest.current = { data, currentKey, onChange, path: fieldPathId.path, service: lookupService(registry.formContext), t };
  // Street and town as the last successful lookup filled them; undefined when not filled by a lookup.
  const filled = useRef<{ straat: string; plaats: string } | undefined>(undefined);
  // Number of the newest request; an answer to an older one is ignored.
  const requestNumber = useRef(0);

  /** Sets (or with undefined: removes) properties of the address, each through rjsf's path-based onChange. */
  const setFields = useCallback((values: Record<string, unknown>) => {
    const { data: current, onChange: change, path } = latest.current;
    for (const [name, value] of Object.entries(values)) {
      if (current[name] === value) continue;
      change(value, [...path, name]);
    }
  }, []);

  const forgetLookup = useCallback(() => {
    filled.current = undefined;
    requestNumber.current += 1;
    setResult(undefined);
    setAnnouncement('');
  }, []);

  // Every change of a property passes through here, to clear what no longer applies.
  const handleChange = useCallback(
    (value: unknown, path: FieldPathList, errorSchema?: ErrorSchema, id?: string) => {
      const { data: previous, path: base, onChange: change } = latest.current;
      change(value, path, errorSchema, id);
      const inside = path.length === base.length + 1 && base.every((segment, index) => path[index] === segment);
      if (!inside) return;
      const name = path[base.length];
      const next: AddressData = { ...previous, [name]: value };
      const cleared: Record<string, undefined> = {};

      if (name === 'land' && value !== previous.land && !isDutch(value)) {
        for (const field of DUTCH_FIELDS) cleared[field] = undefined;
        forgetLookup();
      } else if ((name === 'postcode' || name === 'huisnummer') && filled.current && !lookupKey(next)) {
        // Lookup no longer possible after it had found the address.
        for (const field of LOOKUP_CLEARED_FIELDS) cleared[field] = undefined;
        forgetLookup();
      }
      if (Object.keys(cleared).length > 0) {
        latest.current = { ...latest.current, data: next };
        setFields(cleared);
      }
    },
    [forgetLookup, setFields],
  );

  // The lookup itself: debounced on the postcode/house-number combination.
  const lookupPostcode = lookup?.postcode;
  const lookupHuisnummer = lookup?.huisnummer;
  useEffect(() => {
    if (currentKey === undefined || lookupPostcode === undefined || lookupHuisnummer === undefined) return undefined;
    const key = currentKey;
    // From the pause until the answer's changes are made, the page is not settled (renderer/browser/pendingWork).
    const done = beginWork();
    const timer = setTimeout(() => {
      const service = latest.current.service;
      if (!service) {
        done();
        return;
      }
      requestNumber.current += 1;
      const number = requestNumber.current;
      let answer: Promise<PostcodeLookupResult>;
      try {
        answer = Promise.resolve(service(lookupPostcode, lookupHuisnummer));
      } catch {
        answer = Promise.resolve('error');
      }
      answer
        .catch((): PostcodeLookupResult => 'error')
        .then((outcome) => {
          // Stale: a newer request was made, the combination changed meanwhile, or the field is gone.
          if (number !== requestNumber.current || latest.current.currentKey !== key) return;
          const { data: current, t: translate } = latest.current;
          if (isFound(outcome)) {
            const straat = outcome.straat.trim();
            const plaats = outcome.plaats.trim();
            filled.current = { straat, plaats };
            setFields({ straatnaam: straat || undefined, woonplaats: plaats || undefined });
            setResult({ kind: 'found', key, straat, plaats });
            setAnnouncement(translate('widget.address.found', { straat, plaats }));
            done();
            return;
          }
          const kind = outcome === 'not-found' ? 'not-found' : 'error';
          // Street and town from an earlier lookup belong to another address: make room for manual entry.
          const previous = filled.current;
          if (previous) {
            const clear: Record<string, undefined> = {};
            if (current.straatnaam === previous.straat) clear.straatnaam = undefined;
            if (current.woonplaats === previous.plaats) clear.woonplaats = undefined;
            setFields(clear);
          }
          filled.current = undefined;
          setResult({ kind, key });
          setAnnouncement(translate(kind === 'not-found' ? 'widget.address.notFound' : 'widget.address.error'));
          done();
        });
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      done();
    };
  }, [currentKey, lookupPostcode, lookupHuisnummer, setFields]);

  // Answers to a gone field are ignored.
  useEffect(
    () => () => {
      requestNumber.current += 1;
    },
    [],
  );

  const current = result && result.key === currentKey ? result : undefined;
  const readonlyStreet = current?.kind === 'found' && current.straat !== '';
  const readonlyTown = current?.kind === 'found' && current.plaats !== '';

  const Inner = getTemplate('ObjectFieldTemplate', registry, getUiOptions(uiSchema));
  const objectUiSchema = useMemo<UiSchema>(() => {
    const rest: UiSchema = { ...(uiSchema ?? {}) };
    delete rest['ui:field'];
    rest['ui:ObjectFieldTemplate'] = AddressObjectTemplate;
    if (readonlyStreet) rest.straatnaam = withReadonly(uiSchema?.straatnaam as UiSchema | undefined);
    if (readonlyTown) rest.woonplaats = withReadonly(uiSchema?.woonplaats as UiSchema | undefined);
    return rest;
  }, [uiSchema, readonlyStreet, readonlyTown]);

  const notice =
    current?.kind === 'not-found' || current?.kind === 'error' ? (
      <Alert type={current.kind === 'error' ? 'error' : 'info'} t={t} lang={lang}>
        <p className="utrecht-paragraph">{t(current.kind === 'error' ? 'widget.address.error' : 'widget.address.notFound')}</p>
      </Alert>
    ) : null;
  const slot: NoticeSlot = { notice, Inner };

  const { ObjectField } = registry.fields;
  return (
    <div className="widget-address">
      <NoticeContext.Provider value={slot}>
        <ObjectField {...props} uiSchema={objectUiSchema} onChange={handleChange} />
      </NoticeContext.Provider>
      {/* Always in the page, so screen readers announce what is put in it (politely, after typing). */}
      <p className="widget-visually-hidden" role="status" aria-live="polite" data-testid={`${fieldPathId.$id}__lookup-status`}>
        {current ? announcement : ''}
      </p>
    </div>
  );
}
