/**
 * 'Dekking': the tester's map of a draft — how much of its steps, fields, visibility rules (both
 * ways), values it sets itself, cross-field rules and messages the test cases reach, and per step,
 * in sentences with the fields' labels, what none of them reaches. Computed on the server with the
 * portal's own validation (renderer/core/caseCoverage); asked again whenever the cases' outcome changes.
 */
import { useEffect, useId, useState } from 'react';
import { beheerApi, type CoverageAnswer, type CoverageItem, type FixtureRun } from '../api';

export interface CoveragePanelProps {
  flowId: string;
  /** The cases as last run: a new list (a save, a case added or adjusted) asks for the coverage again. */
  fixtures: FixtureRun[];
}

/** The unreached items by step, in the order of the flow. */
function byStep(items: CoverageItem[]): { stepId: string; stepTitle: string; items: CoverageItem[] }[] {
  const groups: { stepId: string; stepTitle: string; items: CoverageItem[] }[] = [];
  for (const item of items) {
    if (item.reached) continue;
    const last = groups.at(-1);
    if (last?.stepId === item.stepId) last.items.push(item);
    else groups.push({ stepId: item.stepId, stepTitle: item.stepTitle, items: [item] });
  }
  return groups;
}

export function CoveragePanel({ flowId, fixtures }: CoveragePanelProps) {
  const [answer, setAnswer] = useState<CoverageAnswer>();
  const [problem, setProblem] = useState<string>();
  const headingId = useId();
  useEffect(() => {
    let current = true;
    setProblem(undefined);
    beheerApi.coverage(flowId).then(
      (next) => current && setAnswer(next),
      (error: Error) => current && setProblem(error.message),
    );
    return () => {
      current = false;
    };
  }, [flowId, fixtures]);

  const coverage = answer?.coverage;
  const groups = coverage ? byStep(coverage.items) : [];
  return (
    <section aria-labelledby={headingId} className="beheer-section">
      <h4 className="utrecht-heading-4" id={headingId}>
        Dekking
      </h4>
      {problem && <p className="utrecht-paragraph">{problem}</p>}
      {!problem && !coverage && (
        <p className="utrecht-paragraph" role="status">
          Bezig met berekenen
        </p>
      )}
      {!problem && coverage && (
        <>
          <p className="utrecht-paragraph">
            {`Wat de ${coverage.cases} testgevallen van ${answer.concept ? 'het concept' : 'de gepubliceerde versie'} bereiken: een veld is getest als een testgeval het invult of er een melding bij krijgt, een regel voor tonen als een testgeval het veld zichtbaar én een testgeval het verborgen heeft.`}
          </p>
          <ul className="utrecht-unordered-list">
            {coverage.counts
              .filter((count) => count.total > 0)
              .map((count) => (
                <li
                  key={count.kind}
                  className="utrecht-unordered-list__item"
                >{`${count.name[0].toUpperCase()}${count.name.slice(1)}: ${count.reached} van ${count.total} getest`}</li>
              ))}
          </ul>
          {groups.length === 0 ? (
            <p className="utrecht-paragraph">Elke stap, elk veld, elke regel en elke melding komt in een testgeval voor.</p>
          ) : (
            groups.map((group) => (
              <section key={group.stepId} aria-labelledby={`${headingId}-${group.stepId}`}>
                <h5 className="utrecht-heading-5" id={`${headingId}-${group.stepId}`}>{`Stap ‘${group.stepTitle}’: ${group.items.length} niet getest`}</h5>
                <ul className="utrecht-unordered-list">
                  {group.items.map((item) => (
                    <li key={item.id} className="utrecht-unordered-list__item">
                      {item.text}
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </>
      )}
    </section>
  );
}
