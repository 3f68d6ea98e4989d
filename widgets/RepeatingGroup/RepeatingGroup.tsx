// A repeating group (a list of groups of fields, e.g. 'Personen' with name and BSN each) in the NL
// Design System style: each item a fieldset headed 'Persoon 2', with buttons that say which item
// they act on ('Verwijder persoon 2'), an add button ('Persoon toevoegen'), focus put where the
// applicant continues after each change, and each change told to screen readers. The field's frame
// around it (legend, message, description) is the renderer's; these are rjsf's array templates.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { Button } from '@utrecht/button-react';
import { ItemLabelContext } from '../shared/aria';
import { useT } from '../shared/useT';
import { inSentence, itemHeading, itemName, itemTemplate } from '../../renderer/core/itemTitle';
import { valueSchemas } from '../../renderer/core/schemaPaths';
import type { JsonSchema } from '../../renderer/core/types';
import './RepeatingGroup.css';

type Action = { kind: 'add' | 'remove' | 'moveUp' | 'moveDown'; index: number };

interface GroupContext {
  template: string;
  /** How many fixed positions the list has (`items` as a list): each is named by its own title. */
  fixed: number;
  /** Remembers what the applicant did, so focus and the announcement follow once the list changed. */
  did: (action: Action) => void;
}

const Group = createContext<GroupContext | undefined>(undefined);

const CONTROLS = 'input:not([type=hidden]), select, textarea';

/** The list of items with the add button; the frame (legend, message) is the field template's. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, uiSchema, schema, title, fieldPathId, registry, disabled, readonly } = props;
  const { t } = useT(registry);
  const options = getUiOptions(uiSchema);
  // The values after a list's fixed positions are headed like the items of any list.
  const { positions, rest } = valueSchemas(schema as JsonSchema);
  const itemSchema = (rest ?? schema.items ?? {}) as RJSFSchema;
  const template = itemTemplate(options.itemTitle, (typeof itemSchema.title === 'string' ? itemSchema.title : undefined) ?? title);
  const name = itemName(template);
  const addLabel = typeof options.addLabel === 'string' ? options.addLabel : t('widget.repeat.add', { item: name, itemLower: inSentence(name) });
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const renders = useRef(0);
  renders.current += 1;
  const pending = useRef<(Action & { at: number }) | undefined>(undefined);
  const [message, setMessage] = useState('');

  // After every render: a pending add, remove or move is finished once the list shows it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs after every render on purpose; it sets state only for a pending action
  useEffect(() => {
    const action = pending.current;
    if (!action || renders.current <= action.at) return;
    pending.current = undefined;
    const shown = Array.from(list.current?.querySelectorAll<HTMLElement>(':scope > .widget-repeat__item') ?? []);
    const firstControl = (index: number) => shown[index]?.querySelector<HTMLElement>(CONTROLS) ?? undefined;
    if (action.kind === 'add') {
      firstControl(shown.length - 1)?.focus();
      setMessage(t('widget.repeat.added', { item: itemHeading(template, shown.length - 1) }));
    } else if (action.kind === 'remove') {
      (firstControl(Math.min(action.index, shown.length - 1)) ?? addButton.current)?.focus();
      setMessage(t('widget.repeat.removed', { item: itemHeading(template, action.index) }));
    } else {
      const to = action.kind === 'moveUp' ? action.index - 1 : action.index + 1;
      const buttons = shown[to]?.querySelectorAll<HTMLButtonElement>(`[data-move]`) ?? [];
      const same = Array.from(buttons).find((button) => button.dataset.move === action.kind);
      (same ?? buttons[0])?.focus();
      setMessage(t('widget.repeat.moved', { item: itemHeading(template, action.index), n: to + 1 }));
    }
  });

  const context: GroupContext = { template, fixed: positions.length, did: (action) => (pending.current = { ...action, at: renders.current }) };
  return (
    <Group.Provider value={context}>
      <div className="widget-repeat" id={fieldPathId.$id}>
        <div className="widget-repeat__list" ref={list}>
          {items}
        </div>
        {items.length === 0 ? <p className="utrecht-paragraph widget-repeat__empty">{t('widget.repeat.empty')}</p> : null}
        {canAdd ? (
          <Button
            ref={addButton}
            appearance="secondary-action-button"
            className="widget-repeat__add"
            disabled={disabled || readonly}
            onClick={(event) => {
              context.did({ kind: 'add', index: items.length });
              onAddClick(event);
            }}
          >
            {addLabel}
          </Button>
        ) : null}
        <div className="widget-visually-hidden" role="status">
          {message}
        </div>
      </div>
    </Group.Provider>
  );
}

function ItemButton({ children, label, onClick, move }: { children: ReactNode; label?: string; onClick: () => void; move?: 'moveUp' | 'moveDown' }) {
  return (
    <Button appearance="subtle-button" className="widget-repeat__button" aria-label={label} data-move={move} onClick={onClick}>
      {children}
    </Button>
  );
}

/**
 * One item: a fieldset under its heading ('Persoon 2'), its fields, and its buttons. An item of a
 * list of values is one control, named by the heading itself ('Telefoonnummer 2'), with its buttons.
 */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, index, buttonsProps, registry, schema } = props;
  const { t } = useT(registry);
  const group = useContext(Group);
  const fixed = index < (group?.fixed ?? 0) && typeof schema.title === 'string' ? schema.title : undefined;
  const heading = fixed ?? itemHeading(group?.template ?? '{n}', index);
  const item = inSentence(heading);
  const { hasMoveUp, hasMoveDown, hasRemove, onMoveUpItem, onMoveDownItem, onRemoveItem, disabled, readonly } = buttonsProps;
  const act = (kind: Action['kind'], run: () => void) => () => {
    group?.did({ kind, index });
    run();
  };
  const editable = !disabled && !readonly;
  const buttons =
    editable && (hasMoveUp || hasMoveDown || hasRemove) ? (
      <div className="widget-repeat__buttons">
        {hasMoveUp ? (
          <ItemButton label={t('widget.repeat.moveUpLabel', { item })} move="moveUp" onClick={act('moveUp', onMoveUpItem)}>
            {t('widget.repeat.moveUp')}
          </ItemButton>
        ) : null}
        {hasMoveDown ? (
          <ItemButton label={t('widget.repeat.moveDownLabel', { item })} move="moveDown" onClick={act('moveDown', onMoveDownItem)}>
            {t('widget.repeat.moveDown')}
          </ItemButton>
        ) : null}
        {hasRemove ? (
          <ItemButton onClick={act('remove', onRemoveItem)}>
            {t('widget.repeat.remove')}
            <span className="widget-visually-hidden"> {item}</span>
          </ItemButton>
        ) : null}
      </div>
    ) : null;
  if (schema.type !== 'object' && !schema.properties) {
    return (
      <div className="widget-repeat__item widget-repeat__item--value">
        <ItemLabelContext.Provider value={heading}>{children}</ItemLabelContext.Provider>
        {buttons}
      </div>
    );
  }
  return (
    <fieldset className="utrecht-form-fieldset widget-repeat__item">
      <legend className="utrecht-form-fieldset__legend widget-repeat__legend">{heading}</legend>
      {children}
      {buttons}
    </fieldset>
  );
}
