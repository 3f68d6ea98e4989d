// Read-only list of files with human sizes, for review steps and summaries.
import type { Lang, Translate } from '../../renderer/core/i18n';
import { formatFileSize } from '../FileUpload/formatFileSize';
import { widgetI18n } from '../shared/useT';

/** Props of {@link FileList}. */
export interface FileListProps {
  files: readonly { name: string; size: number }[];
  t?: Translate;
  /** Language of the sizes (decimal comma in Dutch) and the empty text. */
  lang?: Lang;
}

/** Renders 'name (size)' per file, or 'Geen bestanden' when there are none. */
export function FileList({ files, t, lang = 'nl' }: FileListProps) {
  const { t: translate } = widgetI18n(t, lang);
  if (files.length === 0) return <p className="utrecht-paragraph widget-file-list--empty">{translate('widget.fileList.empty')}</p>;
  return (
    <ul className="utrecht-unordered-list widget-file-list">
      {files.map((file, index) => (
        <li key={`${index}-${file.name}`} className="utrecht-unordered-list__item">
          {file.name} ({formatFileSize(file.size, lang)})
        </li>
      ))}
    </ul>
  );
}
