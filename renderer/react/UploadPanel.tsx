/**
 * While a flow's files are being sent: the total and each file with its state and progress bar, and
 * a way to cancel. Screen readers hear each file's state as it changes and the total at every
 * quarter, not every percent.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { formatFileSize } from '../core/fileSize';
import type { Lang, Translate } from '../core/i18n';
import { percent, type UploadProgress } from '../browser/uploadProgress';
import { ProgressBar } from '../../widgets/ProgressBar';

export interface UploadPanelProps {
  progress: UploadProgress;
  t: Translate;
  lang: Lang;
  /** Present while the transfer can still be stopped. */
  onCancel?: () => void;
}

function announcementOf(progress: UploadProgress, t: Translate): string {
  if (progress.phase === 'waiting') return t('upload.waiting');
  const current = progress.items.find((item) => item.state === 'uploading');
  const quarter = Math.floor(percent(progress.loaded, progress.total) / 25) * 25;
  return current ? `${current.name}: ${t('upload.state.uploading')}. ${t('upload.total')}: ${quarter}%` : '';
}

export function UploadPanel({ progress, t, lang, onCancel }: UploadPanelProps) {
  const [announced, setAnnounced] = useState('');
  const last = useRef('');
  const text = announcementOf(progress, t);
  useEffect(() => {
    if (text && text !== last.current) {
      last.current = text;
      setAnnounced(text);
    }
  }, [text]);

  const size = progress.items.reduce((sum, item) => sum + item.size, 0);
  const sent = progress.items.reduce((sum, item) => sum + item.sent, 0);
  return (
    <section className="renderer-upload" aria-labelledby="renderer-upload-title">
      <h2 className="utrecht-heading-2" id="renderer-upload-title">
        {t('upload.title')}
      </h2>
      <p className="utrecht-paragraph renderer-upload__total">
        <ProgressBar
          label={t('upload.total')}
          value={sent}
          max={size}
          text={t('upload.totalText', { percent: percent(sent, size), size: formatFileSize(size, lang) })}
        />
      </p>
      <ul className="renderer-upload__items">
        {progress.items.map((item, index) => (
          <li key={`${index}:${item.name}`} className={`renderer-upload__item renderer-upload__item--${item.state}`} data-state={item.state}>
            <span className="renderer-upload__name">{item.name}</span> <span className="renderer-upload__size">({formatFileSize(item.size, lang)})</span>
            <span className="renderer-upload__state">{t(`upload.state.${item.state}`)}</span>
            <ProgressBar label={item.name} value={item.sent} max={item.size} />
          </li>
        ))}
      </ul>
      {onCancel ? (
        <Button appearance="secondary-action-button" onClick={onCancel}>
          {t('upload.cancel')}
        </Button>
      ) : null}
      <p className="visually-hidden" role="status">
        {announced}
      </p>
    </section>
  );
}
