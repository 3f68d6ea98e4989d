/**
 * The feedback dialog (doc 2 §4): first a rating 1-5, then the optional comment (at most 500
 * characters, with the Textarea widget's counter), then a thank-you text with a close button — also
 * when sending failed. Escape, the backdrop and 'Sluiten' close it; `onClose` tells whether the
 * feedback was sent.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@utrecht/button-react';
import { CharacterCounter } from '../../../widgets/Textarea/CharacterCounter';
import { COMMENT_MAX_LENGTH, textLength } from '../../shared/userOpinion';
import { Modal } from '../components/Modal';
import { useLazyTexts, type LazyResources } from '../lazyTexts';
import en from './i18n/feedback.en.json';
import nl from './i18n/feedback.nl.json';
import { RATING_KINDS, RatingFace } from './RatingFace';
import { sendOpinion, type Opinion } from './sendOpinion';
import './feedback.css';
import '../visuallyHidden.css';

const texts: LazyResources = { nl, en };

type Phase = 'form' | 'sending' | 'thanks';

export interface FeedbackDialogProps {
  /** Called when the dialog closes: true when the feedback reached the server. */
  onClose: (sent: boolean) => void;
  /** Sends the feedback (injected in tests); default `POST /api/useropinion`. */
  send?: (opinion: Opinion) => Promise<boolean>;
}

export function FeedbackDialog({ onClose, send = sendOpinion }: FeedbackDialogProps) {
  const t = useLazyTexts(texts);
  const [rating, setRating] = useState<number | undefined>();
  const [comment, setComment] = useState('');
  const [phase, setPhase] = useState<Phase>('form');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  // The dialog opens on the first answer, not on its close button: the rating comes first (doc 2 §4).
  const firstRating = useRef<HTMLInputElement>(null);
  const remaining = COMMENT_MAX_LENGTH - textLength(comment.trim());
  const label = t('feedback.comment.label');
  const ids = { comment: `${id}-comment`, hint: `${id}-hint`, counter: `${id}-counter`, error: `${id}-error` };

  useEffect(() => {
    if (phase === 'thanks') thanksRef.current?.focus();
  }, [phase]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === undefined || phase !== 'form') return;
    if (remaining < 0) {
      setError(t('validation.maxLength', { label, limit: COMMENT_MAX_LENGTH }));
      commentRef.current?.focus();
      return;
    }
    setPhase('sending');
    const ok = await send({ rating, comment: comment.trim() || undefined });
    setSent(ok);
    setPhase('thanks');
  };

  return (
    <Modal
      title={t('shell.feedback.open')}
      onDismiss={() => onClose(sent)}
      closeLabel={t('feedback.close')}
      initialFocus={firstRating}
      className="portal-feedback"
    >
      {phase === 'thanks' ? (
        <>
          <p ref={thanksRef} tabIndex={-1} className="utrecht-paragraph portal-feedback__thanks">
            {t('feedback.thanks')}
          </p>
          <div className="portal-modal__actions">
            <Button appearance="primary-action-button" onClick={() => onClose(sent)}>
              {t('feedback.close')}
            </Button>
          </div>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className="utrecht-form-fieldset portal-feedback__rating">
            <legend className="utrecht-form-fieldset__legend utrecht-form-label">{t('feedback.rating.legend')}</legend>
            <div className="portal-feedback__options">
              {RATING_KINDS.map((kind, index) => {
                const value = index + 1;
                const optionId = `${id}-rating-${value}`;
                return (
                  <div key={kind} className="portal-feedback__option">
                    <input
                      ref={index === 0 ? firstRating : undefined}
                      type="radio"
                      id={optionId}
                      name={`${id}-rating`}
                      value={value}
                      className="utrecht-radio-button utrecht-radio-button--html-input portal-feedback__radio"
                      checked={rating === value}
                      onChange={() => setRating(value)}
                    />
                    <label htmlFor={optionId} className="utrecht-form-label utrecht-form-label--radio portal-feedback__label">
                      <RatingFace kind={kind} />
                      <span>{t(`feedback.rating.${value}`)}</span>
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
          {rating !== undefined ? (
            <div className="utrecht-form-field utrecht-form-field--textarea portal-feedback__comment">
              <label className="utrecht-form-label" htmlFor={ids.comment}>
                {label}
              </label>
              <p id={ids.hint} className="utrecht-form-field-description">
                {t('feedback.comment.hint')}
              </p>
              {error ? (
                <p id={ids.error} className="utrecht-form-field-error-message">
                  <span className="visually-hidden">{t('validation.errorPrefix')} </span>
                  {error}
                </p>
              ) : null}
              <textarea
                ref={commentRef}
                id={ids.comment}
                name="comment"
                rows={5}
                className={`utrecht-textarea utrecht-textarea--html-textarea portal-feedback__textarea${error ? ' utrecht-textarea--invalid' : ''}`}
                value={comment}
                aria-invalid={error ? true : undefined}
                aria-describedby={[ids.hint, error && ids.error, ids.counter].filter(Boolean).join(' ')}
                onChange={(event) => {
                  setComment(event.target.value);
                  if (error && COMMENT_MAX_LENGTH - textLength(event.target.value.trim()) >= 0) setError(undefined);
                }}
              />
              <CharacterCounter id={ids.counter} remaining={remaining} t={t} />
              <div className="portal-modal__actions">
                <Button type="submit" appearance="primary-action-button" busy={phase === 'sending'} aria-disabled={phase === 'sending' || undefined}>
                  {t(phase === 'sending' ? 'feedback.sending' : 'feedback.send')}
                </Button>
              </div>
            </div>
          ) : null}
        </form>
      )}
    </Modal>
  );
}
