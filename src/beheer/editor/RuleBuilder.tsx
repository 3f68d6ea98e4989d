/**
 * Builds a visibility rule (json-logic) without writing JSON: conditions on fields ('Type aanvraag
 * is gelijk aan Wijziging'), combined with 'en' / 'of' and grouped. A sentence above the builder
 * says what the rule does. A rule the builder cannot show faithfully is shown as source and left
 * alone. react-querybuilder does the editing; every control is a plain, labelled HTML control.
 */
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import {
  QueryBuilder,
  prepareRuleGroup,
  type ActionProps,
  type CombinatorSelectorProps,
  type FieldSelectorProps,
  type NotToggleProps,
  type OperatorSelectorProps,
  type RuleGroupType,
  type RuleType,
  type Translations,
  type ValueEditorProps,
} from 'react-querybuilder';
import { Button } from '@utrecht/button-react';
import {
  COMBINATOR_LABELS,
  NO_FIELD,
  OPERATOR_LABELS,
  describeCondition,
  describeGroup,
  describeQuery,
  fitValues,
  initialValue,
  operatorsFor,
  optionsOf,
  queryToRule,
  ruleToQuery,
  takesValue,
  valueText,
  type RuleField,
  type RuleFieldOption,
  type RuleValue,
} from './ruleLogic';
import './RuleBuilder.css';

export type { RuleField } from './ruleLogic';

export interface RuleBuilderProps {
  /** What the rule is for, e.g. 'Tonen van Type aanvraag'. */
  label: string;
  /** The json-logic rule, or undefined for 'always visible'. */
  value: unknown;
  /** The fields a condition may read. */
  fields: RuleField[];
  /** The new rule; undefined when no complete condition is left (always visible). */
  onChange(logic: unknown | undefined): void;
}

/** What every control of the builder gets through react-querybuilder's `context`. */
interface BuilderContext {
  fields: RuleField[];
  byName: ReadonlyMap<string, RuleField>;
  /** Runs `task` after the next render (to move focus to a control that is then there). */
  afterRender(task: () => void): void;
}

const UNSUPPORTED = 'Deze regel kan hier niet worden getoond; wijzig hem in de Broncode.';

const TRANSLATIONS: Partial<Translations> = {
  fields: { title: 'Veld', placeholderName: NO_FIELD, placeholderLabel: 'Kies een veld', placeholderGroupLabel: 'Kies een veld' },
  operators: { title: 'Vergelijking', placeholderLabel: 'Kies een vergelijking', placeholderGroupLabel: 'Kies een vergelijking' },
  values: { title: 'Waarde', placeholderLabel: 'Kies een waarde', placeholderGroupLabel: 'Kies een waarde' },
  value: { title: 'Waarde' },
  combinators: { title: 'Voorwaarden verbinden met' },
  addRule: { label: '+ Voorwaarde', title: 'Voorwaarde toevoegen' },
  addGroup: { label: '+ Groep', title: 'Groep toevoegen' },
  removeRule: { label: 'Verwijderen', title: 'Voorwaarde verwijderen' },
  removeGroup: { label: 'Verwijderen', title: 'Groep verwijderen' },
  notToggle: { label: 'Omkeren: tonen als deze groep niet geldt', title: 'Omkeren' },
};

const COMBINATORS = (Object.keys(COMBINATOR_LABELS) as (keyof typeof COMBINATOR_LABELS)[]).map((name) => ({
  name,
  value: name,
  label: COMBINATOR_LABELS[name],
}));

const SELECT = 'utrecht-select utrecht-select--html-select';
const TEXTBOX = 'utrecht-textbox utrecht-textbox--html-input';

const contextOf = (context: unknown) => context as BuilderContext;
const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');
const textOf = (label: ReactNode) => (typeof label === 'string' ? label : '');

/** The options of a react-querybuilder option list, with option groups flattened. */
function flatOptions(options: readonly unknown[]): { name: string; label: string }[] {
  return options.flatMap((option) => {
    const item = option as { name: string; label: string; options?: { name: string; label: string }[] };
    return Array.isArray(item.options) ? item.options : [item];
  });
}

// ---------------------------------------------------------------------------------------------
// Controls

function LabelledSelect({
  className,
  title,
  value,
  options,
  disabled,
  onChange,
}: {
  className?: string;
  title?: string;
  value: string;
  options: { name: string; label: string }[];
  disabled?: boolean;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className={classes('rule-builder__control', className)}>
      <label className="utrecht-form-label" htmlFor={id}>
        {title}
      </label>
      <select id={id} className={SELECT} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.name} value={option.name}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function FieldSelector({ className, title, value, options, disabled, handleOnChange }: FieldSelectorProps) {
  return (
    <LabelledSelect
      className={className}
      title={title}
      value={value ?? NO_FIELD}
      options={flatOptions(options)}
      disabled={disabled}
      onChange={handleOnChange}
    />
  );
}

function OperatorSelector({ className, title, value, options, disabled, handleOnChange }: OperatorSelectorProps) {
  return (
    <LabelledSelect className={className} title={title} value={value ?? ''} options={flatOptions(options)} disabled={disabled} onChange={handleOnChange} />
  );
}

/** 'en' / 'of', only where a group has more than one part to join. */
function CombinatorSelector({ className, title, value, options, disabled, rules, handleOnChange }: CombinatorSelectorProps) {
  if (rules.length < 2) return null;
  return (
    <LabelledSelect className={className} title={title} value={value ?? 'and'} options={flatOptions(options)} disabled={disabled} onChange={handleOnChange} />
  );
}

/** Shown only on a group that was negated in the rule (the builder does not offer negating otherwise). */
function NotToggle({ className, label, checked, disabled, handleOnChange }: NotToggleProps) {
  const id = useId();
  const [shown] = useState(Boolean(checked));
  if (!shown && !checked) return null;
  return (
    <div className={classes('utrecht-form-field utrecht-form-field--checkbox rule-builder__not', className)}>
      <input
        id={id}
        type="checkbox"
        className="utrecht-checkbox utrecht-checkbox--html-input"
        checked={Boolean(checked)}
        disabled={disabled}
        onChange={(event) => handleOnChange(event.target.checked)}
      />{' '}
      <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}

function ActionButton({
  className,
  label,
  name,
  disabled,
  onClick,
}: {
  className?: string;
  label: ReactNode;
  name?: string;
  disabled?: boolean;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
}) {
  return (
    <Button appearance="secondary-action-button" className={className} aria-label={name} disabled={disabled} onClick={onClick}>
      {label}
    </Button>
  );
}

const groupElementOf = (element: Element) => element.closest('.ruleGroup');
const childSelector = (group: Element | null, selector: string) => group?.querySelector<HTMLElement>(`:scope > ${selector}`) ?? null;

/** The name of a button in a nested group says which group it works on. */
function inGroup(text: string, path: number[], group: RuleGroupType, fields: RuleField[]): string | undefined {
  if (path.length === 0) return undefined;
  const says = describeGroup(group, fields);
  return says === undefined ? `${text} (in een nieuwe groep)` : `${text} (in de groep: ${says})`;
}

/** An add button whose new part, once drawn, takes the focus (found by `focusTarget` in the group). */
function addAction(focusTarget: (group: Element | null) => HTMLElement | null | undefined) {
  return function AddAction({ className, label, path, disabled, context, ruleOrGroup, handleOnClick }: ActionProps) {
    const { afterRender, fields } = contextOf(context);
    return (
      <ActionButton
        className={className}
        label={label}
        disabled={disabled}
        name={inGroup(textOf(label), path, ruleOrGroup as RuleGroupType, fields)}
        onClick={(event) => {
          const group = groupElementOf(event.currentTarget);
          handleOnClick(event);
          afterRender(() => focusTarget(group)?.focus());
        }}
      />
    );
  };
}

// Continue in the new condition: its field select.
const AddRuleAction = addAction((group) => {
  const selects = group?.querySelectorAll<HTMLElement>(':scope > .ruleGroup-body > .rule .rule-fields select');
  return selects?.[selects.length - 1];
});

// Continue in the new group: its first field select, else its first button.
const AddGroupAction = addAction((group) => {
  const groups = group?.querySelectorAll(':scope > .ruleGroup-body > .ruleGroup');
  const added = groups?.[groups.length - 1];
  return added?.querySelector<HTMLElement>('.rule-fields select') ?? added?.querySelector<HTMLElement>('button');
});

/** After removing, focus goes to '+ Voorwaarde' of the group that held the removed part. */
function focusAddRuleOf(group: Element | null, afterRender: BuilderContext['afterRender']) {
  const add = childSelector(childSelector(group, '.ruleGroup-header'), '.ruleGroup-addRule');
  afterRender(() => {
    if (add?.isConnected) add.focus();
  });
}

function RemoveRuleAction({ className, label, disabled, context, ruleOrGroup, handleOnClick }: ActionProps) {
  const { afterRender, fields } = contextOf(context);
  return (
    <ActionButton
      className={className}
      label={label}
      disabled={disabled}
      name={`${textOf(label)}: voorwaarde ${describeCondition(ruleOrGroup as RuleType, fields)}`}
      onClick={(event) => {
        const group = groupElementOf(event.currentTarget);
        handleOnClick(event);
        focusAddRuleOf(group, afterRender);
      }}
    />
  );
}

function RemoveGroupAction({ className, label, disabled, context, ruleOrGroup, handleOnClick }: ActionProps) {
  const { afterRender, fields } = contextOf(context);
  const says = describeGroup(ruleOrGroup as RuleGroupType, fields);
  return (
    <ActionButton
      className={className}
      label={label}
      disabled={disabled}
      name={says === undefined ? `${textOf(label)}: lege groep` : `${textOf(label)}: groep met ${says}`}
      onClick={(event) => {
        const parent = groupElementOf(event.currentTarget)?.parentElement;
        handleOnClick(event);
        focusAddRuleOf(parent ? groupElementOf(parent) : null, afterRender);
      }}
    />
  );
}

// Value editors ------------------------------------------------------------------------------

const encode = (value: RuleValue) => JSON.stringify(value);

/** The field's choices, plus values the rule holds that are not (or no longer) among them. */
function choicesWith(field: RuleField, options: RuleFieldOption[], values: unknown[]): RuleFieldOption[] {
  const extra = values
    .filter((value): value is RuleValue => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') && value !== '')
    .filter((value) => !options.some((option) => option.value === value))
    .map((value) => ({ value, label: `${valueText(undefined, value)} (staat niet in de keuzelijst)` }));
  return [...options, ...extra];
}

function ValueSelect({
  className,
  title,
  field,
  options,
  value,
  disabled,
  onChange,
}: {
  className?: string;
  title?: string;
  field: RuleField;
  options: RuleFieldOption[];
  value: unknown;
  disabled?: boolean;
  onChange(value: unknown): void;
}) {
  const id = useId();
  const chosen = value !== '' && value !== null && value !== undefined;
  const choices = choicesWith(field, options, chosen ? [value] : []);
  return (
    <div className={classes('rule-builder__control', className)}>
      <label className="utrecht-form-label" htmlFor={id}>
        {title}
      </label>
      <select
        id={id}
        className={SELECT}
        value={chosen ? encode(value as RuleValue) : ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === '' ? '' : (JSON.parse(event.target.value) as RuleValue))}
      >
        {!chosen && <option value="">Kies een waarde</option>}
        {choices.map((choice) => (
          <option key={encode(choice.value)} value={encode(choice.value)}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ChoiceList({
  className,
  title,
  field,
  options,
  value,
  disabled,
  onChange,
}: {
  className?: string;
  title?: string;
  field: RuleField;
  options: RuleFieldOption[];
  value: unknown;
  disabled?: boolean;
  onChange(value: unknown): void;
}) {
  const id = useId();
  const selected = Array.isArray(value) ? (value as unknown[]) : [];
  const choices = choicesWith(field, options, selected);
  const toggle = (changed: RuleValue, on: boolean) =>
    onChange(choices.map((choice) => choice.value).filter((candidate) => (candidate === changed ? on : selected.includes(candidate))));
  return (
    <fieldset className={classes('utrecht-form-fieldset rule-builder__control rule-builder__choices', className)}>
      <legend className="utrecht-form-fieldset__legend utrecht-form-label">{title}</legend>
      {choices.map((choice, index) => (
        <div key={encode(choice.value)} className="utrecht-form-field utrecht-form-field--checkbox">
          <input
            id={`${id}-${index}`}
            type="checkbox"
            className="utrecht-checkbox utrecht-checkbox--html-input"
            checked={selected.includes(choice.value)}
            disabled={disabled}
            onChange={(event) => toggle(choice.value, event.target.checked)}
          />{' '}
          <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={`${id}-${index}`}>
            {choice.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/** A typed value from text: a number for number fields ('' when it is none), else the text. */
function parseOne(type: RuleField['type'], text: string): RuleValue | '' {
  const trimmed = text.trim();
  if (type !== 'number') return text;
  return NUMBER.test(trimmed) ? Number(trimmed.replace(',', '.')) : '';
}

function parseList(type: RuleField['type'], text: string): RuleValue[] | undefined {
  const items = text
    .split(';')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const values = items.map((item) => parseOne(type, item));
  return values.every((item) => item !== '') ? (values as RuleValue[]) : undefined;
}

const textFor = (value: unknown) => (typeof value === 'number' ? String(value).replace('.', ',') : typeof value === 'string' ? value : '');

/** Free input: one value, or a list separated by ';' for 'is een van'. Numbers are checked. */
function ValueInput({
  className,
  title,
  field,
  list,
  value,
  disabled,
  onChange,
}: {
  className?: string;
  title?: string;
  field: RuleField;
  list: boolean;
  value: unknown;
  disabled?: boolean;
  onChange(value: unknown): void;
}) {
  const id = useId();
  const shown = list ? (Array.isArray(value) ? value.map(textFor).join('; ') : '') : textFor(value);
  const [text, setText] = useState(shown);
  const parse = (input: string): unknown => (list ? (parseList(field.type, input) ?? []) : parseOne(field.type, input));
  // A value changed elsewhere (another operator, another field) replaces what is typed here;
  // the value typed here, coming back, does not.
  const valueKey = JSON.stringify(value);
  const [seen, setSeen] = useState(valueKey);
  if (seen !== valueKey) {
    setSeen(valueKey);
    if (valueKey !== JSON.stringify(parse(text))) setText(shown);
  }
  const invalid = field.type === 'number' && text.trim() !== '' && (list ? parseList(field.type, text) === undefined : parseOne(field.type, text) === '');
  const hintId = `${id}-hint`;
  const errorId = `${id}-fout`;
  const describedBy = [invalid ? errorId : '', list ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={classes('rule-builder__control', className)}>
      <label className="utrecht-form-label" htmlFor={id}>
        {title}
      </label>
      {list && (
        <span id={hintId} className="utrecht-form-field-description">
          Scheid de waarden met een puntkomma (;)
        </span>
      )}
      {invalid && (
        <span id={errorId} className="utrecht-form-field-error-message">
          <span className="visually-hidden">Fout: </span>
          {list ? 'Vul getallen in, gescheiden door een puntkomma, bijvoorbeeld 1; 2; 3.' : 'Vul een getal in, bijvoorbeeld 4 of 2,5.'}
        </span>
      )}
      <input
        id={id}
        type="text"
        inputMode={field.type === 'number' && !list ? 'decimal' : undefined}
        className={classes(TEXTBOX, invalid && 'utrecht-textbox--invalid')}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parse(event.target.value));
        }}
      />
    </div>
  );
}

/** A select for fields with choices (yes/no included), checkboxes for 'is een van' those, else text. */
function ValueEditor({ className, title, field, operator, value, disabled, context, handleOnChange }: ValueEditorProps) {
  const ruleField = contextOf(context).byName.get(field);
  if (!ruleField || !takesValue(operator)) return null;
  const options = optionsOf(ruleField);
  const common = { className, title, field: ruleField, value, disabled, onChange: handleOnChange };
  if (options) return operator === 'in' ? <ChoiceList {...common} options={options} /> : <ValueSelect {...common} options={options} />;
  // A new field or list-ness starts with an empty text box.
  return <ValueInput key={`${field} ${operator === 'in'}`} {...common} list={operator === 'in'} />;
}

const CONTROLS = {
  fieldSelector: FieldSelector,
  operatorSelector: OperatorSelector,
  combinatorSelector: CombinatorSelector,
  notToggle: NotToggle,
  valueEditor: ValueEditor,
  addRuleAction: AddRuleAction,
  addGroupAction: AddGroupAction,
  removeRuleAction: RemoveRuleAction,
  removeGroupAction: RemoveGroupAction,
};

// ---------------------------------------------------------------------------------------------
// The builder

const keyOf = (value: unknown) => (value === undefined ? 'undefined' : JSON.stringify(value));
const fieldsKeyOf = (fields: RuleField[]) => JSON.stringify(fields.map((field) => [field.name, field.type]));

interface BuilderState {
  /** The query being edited; undefined when the rule cannot be shown. */
  query: RuleGroupType | undefined;
  /** The rule the query stands for (as `keyOf`): what was last received or reported. */
  current: string;
  /** The `value` and fields this state was made from. */
  valueKey: string;
  fieldsKey: string;
  edited: boolean;
}

function stateFrom(value: unknown, fields: RuleField[]): BuilderState {
  const query = ruleToQuery(value, fields);
  return {
    query: query && prepareRuleGroup(query),
    current: keyOf(query ? queryToRule(query) : value),
    valueKey: keyOf(value),
    fieldsKey: fieldsKeyOf(fields),
    edited: false,
  };
}

const newCondition = (): RuleType => ({ field: NO_FIELD, operator: '=', value: '' });

export function RuleBuilder({ label, value, fields, onChange }: RuleBuilderProps) {
  const [state, setState] = useState(() => stateFrom(value, fields));
  const latest = useRef(state);
  latest.current = state;

  // A new rule from outside (another field, the source view) or other fields start over; the
  // rule this builder just reported, coming back as `value`, does not.
  const valueKey = keyOf(value);
  const fieldsKey = fieldsKeyOf(fields);
  if (valueKey !== state.valueKey || fieldsKey !== state.fieldsKey) {
    const external = valueKey !== state.valueKey && valueKey !== state.current;
    const refields = fieldsKey !== state.fieldsKey && (!state.edited || state.query === undefined);
    setState(external || refields ? stateFrom(value, fields) : { ...state, valueKey, fieldsKey });
  }

  const root = useRef<HTMLFieldSetElement>(null);
  const pending = useRef<(() => void)[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAddButton = useRef(false);
  useEffect(() => {
    for (const task of pending.current.splice(0)) task();
    if (focusAddButton.current && addButton.current) {
      focusAddButton.current = false;
      addButton.current.focus();
    }
  });

  const byName = useMemo(() => new Map(fields.map((field) => [field.name, field])), [fields]);
  const context = useMemo<BuilderContext>(() => ({ fields, byName, afterRender: (task) => pending.current.push(task) }), [fields, byName]);
  const builderFields = useMemo(() => fields.map((field) => ({ name: field.name, value: field.name, label: field.label })), [fields]);
  const getOperators = (field: string) => operatorsFor(byName.get(field)).map((name) => ({ name, value: name, label: OPERATOR_LABELS[name] }));
  const getDefaultValue = (rule: RuleType) => initialValue(rule.operator);

  const report = (query: RuleGroupType) => {
    const fitted = fitValues(query);
    const logic = queryToRule(fitted);
    const key = keyOf(logic);
    const before = latest.current;
    if (fitted.rules.length === 0 && before.query && before.query.rules.length > 0) {
      // The last condition went: 'Voorwaarde toevoegen' takes the focus.
      focusAddButton.current = true;
    }
    setState({ ...before, query: fitted, current: key, edited: true });
    if (key !== before.current) onChange(logic);
  };

  const addFirst = () => {
    setState({ ...latest.current, query: prepareRuleGroup({ combinator: 'and', rules: [newCondition()] }), edited: true });
    pending.current.push(() => root.current?.querySelector<HTMLElement>('.rule-fields select')?.focus());
  };

  const query = state.query;
  const logic = query ? queryToRule(query) : undefined;
  const empty = query !== undefined && query.rules.length === 0;
  const sentence =
    query === undefined ? UNSUPPORTED : logic === undefined && !empty ? 'Altijd tonen: de voorwaarde is nog niet compleet.' : describeQuery(query, fields);

  return (
    <fieldset ref={root} className="utrecht-form-fieldset rule-builder">
      <legend className="utrecht-form-fieldset__legend rule-builder__legend">{label}</legend>
      <p className="utrecht-paragraph rule-builder__sentence" aria-live="polite">
        {sentence}
      </p>
      {query === undefined ? (
        <pre className="rule-builder__source">
          <code>{JSON.stringify(value, null, 2)}</code>
        </pre>
      ) : empty ? (
        <Button ref={addButton} appearance="secondary-action-button" onClick={addFirst}>
          Voorwaarde toevoegen
        </Button>
      ) : (
        <QueryBuilder
          query={query}
          onQueryChange={report}
          fields={builderFields}
          combinators={COMBINATORS}
          getOperators={getOperators}
          getDefaultValue={getDefaultValue}
          controlElements={CONTROLS}
          translations={TRANSLATIONS}
          context={context}
          enableMountQueryChange={false}
          autoSelectField={false}
          showNotToggle
          addRuleToNewGroups
          listsAsArrays
          accessibleDescriptionGenerator={() => ''}
        />
      )}
    </fieldset>
  );
}
