/**
 * What the flow pipeline says about a definition: each problem names the file, the line and column
 * where it can be found and, where it concerns a place in the document, its JSON pointer — so an
 * administrator can go straight to it in an editor or the back office.
 */
export type Severity = 'error' | 'warning';

export interface Problem {
  severity: Severity;
  /** The file as the administrator knows it, e.g. `flows/aanleveren-documenten.flow.json`. */
  file: string;
  line?: number;
  column?: number;
  /** JSON pointer into the file's document, e.g. `/steps/0/uiSchema/naam/ui:widget`. */
  pointer?: string;
  /** What is wrong, in Dutch. */
  message: string;
  /** What kind of warning, for callers that treat some as errors (`flows:check` fails on missing English). */
  code?: 'english-missing' | 'english-stale' | 'english-orphaned';
}

/** `file:line:column pointer: message` (the parts that are known). */
export function formatProblem(problem: Problem): string {
  const place = [problem.file, problem.line, problem.column].filter((part) => part !== undefined).join(':');
  const where = problem.pointer ? ` ${problem.pointer || '/'}` : '';
  const level = problem.severity === 'warning' ? ' (waarschuwing)' : '';
  return `${place}${where}: ${problem.message}${level}`;
}

export function errorsOf(problems: Problem[]): Problem[] {
  return problems.filter((problem) => problem.severity === 'error');
}
