/** 'Annuleren' in a wizard: asks before everything entered is removed from the tab. */
import { useId, useRef } from 'react';
import { Button } from '@utrecht/button-react';
import { Modal } from '../components/Modal';
import { useLazyTexts, type LazyResources } from '../lazyTexts';
import en from './i18n/saving.en.json';
import nl from './i18n/saving.nl.json';

const texts: LazyResources = { nl, en };

export function CancelDialog({ onAnswer }: { onAnswer: (cancel: boolean) => void }) {
  const t = useLazyTexts(texts);
  const textId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Modal title={t('saving.cancel.title')} role="alertdialog" describedBy={textId} initialFocus={keep} onDismiss={() => onAnswer(false)}>
      <p id={textId} className="utrecht-paragraph">
        {t('saving.cancel.text')}
      </p>
      <div className="portal-modal__actions">
        <Button appearance="primary-action-button" onClick={() => onAnswer(true)}>
          {t('saving.cancel.confirm')}
        </Button>
        <Button ref={keep} appearance="secondary-action-button" onClick={() => onAnswer(false)}>
          {t('saving.cancel.keep')}
        </Button>
      </div>
    </Modal>
  );
}
