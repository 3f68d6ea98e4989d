// File picker for one or more files. The form value holds only references ({ id, name, size,
// type }); the bytes go to the fileStore. Checks run in the browser first so the user hears at
// once why a file was not added; the server checks again.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Button } from '@utrecht/button-react';
import { Alert } from '../Alert';
import { useControlAria } from '../shared/aria';
import { useT } from '../shared/useT';
import { putFile, removeFile } from '../../renderer/browser/fileStore';
import { formatFileSize } from './formatFileSize';
import { contentProblem, fileExtension, listExtensions, normaliseAccept, validateFiles, type FileRef, type FileLimits } from './validateFiles';
import '../shared/shared.css';
import './FileUpload.css';

function isFileRef(value: unknown): value is FileRef {
  if (typeof value !== 'object' || value === null) return false;
  const ref = value as Partial<FileRef>;
  return typeof ref.id === 'string' && typeof ref.name === 'string' && typeof ref.size === 'number';
}

/** The file limits from the widget options (`multiple`, `maxFiles`, `maxFileSize`, `accept`). */
export function fileRules(options: WidgetProps['options']): FileLimits {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  return {
    multiple: Boolean(options.multiple),
    maxFiles: number(options.maxFiles),
    maxFileSize: number(options.maxFileSize),
    accept: Array.isArray(options.accept) ? options.accept.filter((ext): ext is string => typeof ext === 'string') : undefined,
  };
}

/**
 * rjsf widget: value is `FileRef[]` (undefined when empty). Options: `multiple`, `maxFiles`,
 * `maxFileSize` (bytes), `accept` (extensions such as ['pdf', 'jpg']). Without `multiple` a new
 * choice replaces the file.
 */
export function FileUpload(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, options, rawErrors, registry, onChange, onBlur, onFocus } = props;
  const { t, lang } = useT(registry);
  const files: FileRef[] = Array.isArray(value) ? value.filter(isFileRef) : [];
  const rules = fileRules(options);
  const accept = normaliseAccept(rules.accept);

  const [messages, setMessages] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  // The newest list, also while files are being stored (value props arrive a render later).
  // Follows the value prop only when it changes, so a render in between cannot bring back an old list.
  const latest = useRef(files);
  const seenValue = useRef<unknown>(value);
  if (seenValue.current !== value) {
    seenValue.current = value;
    latest.current = files;
  }
  const inputRef = useRef<HTMLInputElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterRemove = useRef<string | null>(null);

  useEffect(() => {
    const target = focusAfterRemove.current;
    if (target === null) return;
    focusAfterRemove.current = null;
    (removeButtons.current.get(target) ?? inputRef.current)?.focus();
  });

  const commit = (next: FileRef[]) => {
    latest.current = next;
    onChange(next.length > 0 ? next : undefined);
  };

  const addFiles = async (chosen: File[]) => {
    const { accepted, problems } = validateFiles(chosen, latest.current, rules, lang);
    const texts = problems.map((problem) => t(problem.key, problem.params));
    const stored: FileRef[] = [];
    for (const file of accepted) {
      // The first bytes say what the file is; a name that says otherwise is refused at once.
      const problem = await contentProblem(file, accept, lang);
      if (problem) {
        texts.push(t(problem.key, problem.params));
        continue;
      }
      try {
        const fileId = await putFile(file);
        stored.push({ id: fileId, name: file.name, size: file.size, type: file.type });
      } catch {
        texts.push(t('widget.file.error.store', { filename: file.name }));
      }
    }
    setMessages(texts);
    if (stored.length === 0) return;
    if (rules.multiple) {
      commit([...latest.current, ...stored]);
    } else {
      for (const old of latest.current) void removeFile(old.id);
      commit(stored);
    }
    setStatus(stored.length === 1 ? t('widget.file.added', { filename: stored[0].name }) : t('widget.file.addedMany', { count: stored.length }));
  };

  // One choice at a time: a choice made while the previous one is still being checked and stored is
  // checked against the list that one leaves (so a file chosen twice in a row is added once).
  const adding = useRef<Promise<void>>(Promise.resolve());
  const handleChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Clear the input so choosing the same file again (after removing it) fires a change.
    event.target.value = '';
    if (chosen.length > 0) adding.current = adding.current.then(() => addFiles(chosen));
  };

  const handleRemove = (index: number) => {
    const file = latest.current[index];
    if (!file) return;
    const next = latest.current.filter((_, i) => i !== index);
    void removeFile(file.id);
    // Focus the next file's remove button, else the previous one, else the picker.
    focusAfterRemove.current = next.length > 0 ? next[Math.min(index, next.length - 1)].id : '';
    commit(next);
    setStatus(t('widget.file.removed', { filename: file.name }));
  };

  const hints = [
    accept.length > 0 && t('widget.file.hint.types', { types: listExtensions(accept, lang) }),
    rules.maxFileSize !== undefined && t('widget.file.hint.maxSize', { maxSize: formatFileSize(rules.maxFileSize, lang) }),
    rules.multiple && rules.maxFiles !== undefined && t('widget.file.hint.maxFiles', { maxFiles: rules.maxFiles }),
  ].filter((hint): hint is string => Boolean(hint));
  const hintId = `${id}__hint`;
  const messagesId = `${id}__file-messages`;
  const inactive = disabled || readonly;
  const aria = useControlAria({ id, rawErrors, required: props.required }, hints.length > 0 && hintId, messagesId);

  return (
    <div className="widget-file-upload">
      <div className="widget-file-upload__picker">
        <input
          ref={inputRef}
          type="file"
          id={id}
          name={htmlName || id}
          className="widget-file-upload__input"
          accept={accept.length > 0 ? accept.map((ext) => `.${ext}`).join(',') : undefined}
          multiple={rules.multiple}
          disabled={inactive}
          autoFocus={autofocus}
          aria-required={aria.required || undefined}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={aria['aria-describedby']}
          onChange={handleChoose}
          onBlur={() => onBlur(id, latest.current.length > 0 ? latest.current : undefined)}
          onFocus={() => onFocus(id, latest.current.length > 0 ? latest.current : undefined)}
        />
        <label
          htmlFor={id}
          className={`utrecht-button utrecht-button--secondary-action widget-file-upload__button${inactive ? ' utrecht-button--disabled' : ''}`}
        >
          {t(rules.multiple ? 'widget.file.chooseMultiple' : 'widget.file.choose')}
        </label>
      </div>
      {hints.length > 0 && (
        <p id={hintId} className="utrecht-form-field-description widget-file-upload__hint">
          {hints.join(' ')}
        </p>
      )}
      <div id={messagesId} role="alert" className="widget-file-upload__messages">
        {messages.length > 0 && (
          <Alert type="error" t={t} lang={lang}>
            <ul className="utrecht-unordered-list widget-file-upload__message-list">
              {messages.map((message, index) => (
                <li key={index} className="utrecht-unordered-list__item">
                  {message}
                </li>
              ))}
            </ul>
          </Alert>
        )}
      </div>
      {files.length > 0 && (
        <ul className="widget-file-upload__list" aria-label={t('widget.file.list')}>
          {files.map((file, index) => {
            const extension = fileExtension(file.name).toUpperCase();
            const size = formatFileSize(file.size, lang);
            return (
              <li key={file.id} className="widget-file-upload__item">
                <span className="widget-file-upload__name">{file.name}</span>{' '}
                <span className="widget-file-upload__details">({extension ? `${extension}, ${size}` : size})</span>
                <Button
                  ref={(button) => {
                    if (button) removeButtons.current.set(file.id, button);
                    else removeButtons.current.delete(file.id);
                  }}
                  appearance="subtle-button"
                  className="widget-file-upload__remove"
                  aria-label={t('widget.file.removeLabel', { filename: file.name })}
                  disabled={inactive}
                  onClick={() => handleRemove(index)}
                >
                  {t('widget.file.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className="widget-visually-hidden">
        {status}
      </p>
    </div>
  );
}
