/**
 * An autocomplete text field after the WAI-ARIA combobox pattern (list autocomplete): typing searches
 * a fixed list or a search function after a short pause, the matches appear in a listbox, and only a
 * chosen item counts as a value. Typed text that names no item is reported when the field is left.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { invalidMessage, matchItem, resultCountText, searchItems, type TypeaheadItem, type TypeaheadSource } from './items';
import '../../../app/visuallyHidden.css';
import './typeahead.css';
import { describedBy, FieldTexts } from '../../../app/components/FieldTexts';

/** Props of {@link Typeahead}. */
export interface TypeaheadProps {
  label: string;
  hint?: string;
  /** The choices: a fixed list (filtered on 'contains', ignoring case) or a search function. */
  items: TypeaheadSource;
  /** The chosen item; its label is shown in the field. */
  value?: TypeaheadItem;
  /** Called with the chosen item, or undefined when the field is emptied or holds text that names no item. */
  onChange(item: TypeaheadItem | undefined): void;
  /** Pause after the last keystroke before searching, in ms. */
  debounceMs?: number;
  /** Fewer typed characters than this search nothing. */
  minChars?: number;
}

/** A labelled `role="combobox"` input with a `role="listbox"` popup, a hidden result-count live region and the invalid-text message. */
export function Typeahead({ label, hint, items, value, onChange, debounceMs = 200, minChars = 1 }: TypeaheadProps) {
  const ids = { input: useId(), label: useId(), hint: useId(), error: useId(), listbox: useId() };
  const [text, setText] = useState(value?.label ?? '');
  const [shownValue, setShownValue] = useState(value);
  const [results, setResults] = useState<TypeaheadItem[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string>();
  const wrapper = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef(0);

  // A value set by the parent replaces the text; a cleared value keeps what was typed (it may be the invalid text).
  if (value?.id !== shownValue?.id || value?.label !== shownValue?.label) {
    setShownValue(value);
    if (value) setText(value.label);
  }

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const cancelSearch = () => {
    clearTimeout(timer.current);
    request.current++;
  };
  useEffect(() => cancelSearch, []);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!wrapper.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const type = (typed: string) => {
    setText(typed);
    setError(undefined);
    cancelSearch();
    if (typed.trim().length < minChars) {
      close();
      setAnnouncement('');
      return;
    }
    const mine = request.current;
    timer.current = setTimeout(async () => {
      const found = await searchItems(items, typed);
      // A newer keystroke, a choice or leaving the field makes this answer stale.
      if (mine !== request.current) return;
      setResults(found);
      setActive(-1);
      setOpen(found.length > 0);
      setAnnouncement(resultCountText(found.length));
    }, debounceMs);
  };

  const pick = (item: TypeaheadItem) => {
    cancelSearch();
    setText(item.label);
    setError(undefined);
    close();
    onChange(item);
  };

  const leave = () => {
    cancelSearch();
    close();
    if (value && text === value.label) return;
    if (text.trim() === '') {
      if (value) onChange(undefined);
      return;
    }
    const match = matchItem(Array.isArray(items) ? items : results, text);
    if (match) return pick(match);
    setError(invalidMessage(label));
    onChange(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      setOpen(true);
      setActive((current) => (current < 0 ? (down ? 0 : count - 1) : (current + (down ? 1 : count - 1)) % count));
    } else if (event.key === 'Enter' && open) {
      // Keep an open list's Enter from submitting the form.
      event.preventDefault();
      if (active >= 0) pick(results[active]);
      else close();
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      close();
    }
  };

  const optionId = (index: number) => `${ids.listbox}-${index}`;
  return (
    <div ref={wrapper} className={`utrecht-form-field utrecht-form-field--text portal-typeahead${error ? ' utrecht-form-field--invalid' : ''}`}>
      <div className="utrecht-form-field__label">
        <label className="utrecht-form-label" htmlFor={ids.input} id={ids.label}>
          {label}
        </label>
      </div>
      <FieldTexts hint={hint} hintId={ids.hint} error={error} errorId={ids.error} />
      <div className="utrecht-form-field__input portal-typeahead__input">
        <input
          id={ids.input}
          type="text"
          role="combobox"
          autoComplete="off"
          className={`utrecht-textbox utrecht-textbox--html-input${error ? ' utrecht-textbox--invalid' : ''}`}
          value={text}
          aria-expanded={open}
          aria-controls={ids.listbox}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy({ hint, hintId: ids.hint, error, errorId: ids.error })}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={leave}
        />
        {/* Pressing on the list must not move focus away from the input (that would count as leaving the field). */}
        <ul
          id={ids.listbox}
          role="listbox"
          aria-labelledby={ids.label}
          className="portal-typeahead__listbox"
          hidden={!open}
          onMouseDown={(event) => event.preventDefault()}
        >
          {open &&
            results.map((item, index) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- chosen by keyboard in the combobox input (arrows and Enter), which keeps focus
              <li
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="portal-typeahead__option"
                onClick={() => pick(item)}
              >
                {item.label}
              </li>
            ))}
        </ul>
      </div>
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
    </div>
  );
}
