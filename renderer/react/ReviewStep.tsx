/**
 * The review step ('Controleren'), generated from the flow document: a section per input step with a
 * 'Wijzigen' link back to it, the fields under the sub-headings the printed form uses (an address,
 * personal data, a heading of the step), labels and values as entered (a consent as its statement,
 * text with its line breaks), '-- Niet ingevuld' for empty optional values and file lists with name and size (downloadable from the browser's own copy).
 */
import type { Lang, Translate } from '../core/i18n';
import { formatFileSize } from '../core/fileSize';
import { buildReview, type ReviewRow } from '../core/review';
import type { Choices } from '../core/conditions';
import type { FileRef, FlowDocument, FlowModel } from '../core/types';
import type { ValidatorSet } from '../core/validate';
import { getAt } from '../core/paths';

export interface ReviewStepProps {
  flow: FlowDocument;
  model: FlowModel;
  /** The version's validators: a step with conditions is summed up as in effect for its data. */
  validators?: ValidatorSet;
  /** The applicant's choices between groups of fields, by data key. */
  choices?: Record<string, Choices>;
  t: Translate;
  lang: Lang;
  hrefFor: (stepId: string) => string;
  onChangeStep: (stepId: string) => void;
  onDownloadFile?: (file: FileRef) => void;
}

/** Consecutive rows under the same sub-heading. */
function groupRows(rows: ReviewRow[]): { group?: string; rows: ReviewRow[] }[] {
  const chunks: { group?: string; rows: ReviewRow[] }[] = [];
  for (const row of rows) {
    const last = chunks[chunks.length - 1];
    if (last && last.group === row.group) last.rows.push(row);
    else chunks.push({ group: row.group, rows: [row] });
  }
  return chunks;
}

export function ReviewStep({ flow, model, validators, choices, t, lang, hrefFor, onChangeStep, onDownloadFile }: ReviewStepProps) {
  const sections = buildReview(flow, model, t, lang, { validators, choices });
  return (
    <div className="renderer-review">
      {sections.map((section) => {
        const step = flow.steps.find((candidate) => candidate.id === section.stepId)!;
        return (
          <section key={section.stepId} className="renderer-review__section" aria-labelledby={`review-${section.stepId}`}>
            <div className="renderer-review__header">
              <h2 id={`review-${section.stepId}`} className="utrecht-heading-2" lang={section.titleLang}>
                {section.title}
              </h2>
              <a
                className="utrecht-link renderer-review__change"
                href={hrefFor(section.stepId)}
                onClick={(event) => {
                  event.preventDefault();
                  onChangeStep(section.stepId);
                }}
              >
                {flow.review.changeLabel ?? t('review.change')}
                <span className="visually-hidden"> {section.title}</span>
              </a>
            </div>
            {groupRows(section.rows).map((chunk) => (
              <div key={chunk.rows[0].path} className="renderer-review__group">
                {chunk.group ? (
                  <h3 className="utrecht-heading-3 renderer-review__subheading" lang={chunk.rows[0].groupLang}>
                    {chunk.group}
                  </h3>
                ) : null}
                <dl className="renderer-review__list">
                  {chunk.rows.map((row) => (
                    <div key={row.path} className="renderer-review__row">
                      <dt lang={row.labelLang}>{row.label}</dt>
                      <dd className={row.empty ? 'renderer-review__empty' : undefined} lang={row.valueLang}>
                        {row.files ? (
                          <ul className="utrecht-unordered-list renderer-review__files">
                            {((getAt(model[step.dataKey], row.path) as FileRef[] | undefined) ?? []).map((file) => (
                              <li key={file.id} className="utrecht-unordered-list__item">
                                {onDownloadFile ? (
                                  <button type="button" className="renderer-linkbutton" onClick={() => onDownloadFile(file)}>
                                    {file.name}
                                  </button>
                                ) : (
                                  file.name
                                )}{' '}
                                ({formatFileSize(file.size, lang)})
                              </li>
                            ))}
                          </ul>
                        ) : Array.isArray(row.value) ? (
                          <ul className="utrecht-unordered-list renderer-review__values">
                            {row.value.map((value, index) => (
                              <li key={index} className="utrecht-unordered-list__item">
                                {value}
                              </li>
                            ))}
                          </ul>
                        ) : (
                          row.value
                        )}
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}
