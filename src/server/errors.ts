/**
 * The error body of every rejected /api call (doc 2 §3), declared once in renderer/core/apiError.ts
 * for server and browser. Thrown as ApiError anywhere; one error handler renders it.
 */
import type { ApiErrorBody, ApiErrorItem } from '../../renderer/core/apiError';

export type ErrorItem = ApiErrorItem;
export type ErrorBody = ApiErrorBody;

const TYPES: Record<number, string> = {
  400: 'urn:uzi-portaal:fout:ongeldige-invoer',
  401: 'urn:uzi-portaal:fout:niet-ingelogd',
  403: 'urn:uzi-portaal:fout:geen-toegang',
  404: 'urn:uzi-portaal:fout:niet-gevonden',
  409: 'urn:uzi-portaal:fout:conflict',
  410: 'urn:uzi-portaal:fout:niet-meer-geldig',
  413: 'urn:uzi-portaal:fout:te-groot',
  429: 'urn:uzi-portaal:fout:te-veel-verzoeken',
  500: 'urn:uzi-portaal:fout:technisch',
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: ErrorItem[] = [],
  ) {
    super(detail);
  }
}

export function errorBody(status: number, detail: string, traceId: string, errors: ErrorItem[] = []): ErrorBody {
  return { type: TYPES[status] ?? TYPES[500], status, detail, traceId, errors };
}

/** Error codes of the portal's own checks (the PKCS#10 codes UPKC10V-0x come from the CSR check). */
export const CODES = {
  invalidField: 'UVAL-01',
  hiddenField: 'UVAL-02',
  unknownField: 'UVAL-03',
  fileTooBig: 'UFILE-01',
  fileType: 'UFILE-02',
  tooManyFiles: 'UFILE-03',
  emptyFile: 'UFILE-04',
  fileName: 'UFILE-05',
  csrf: 'UCSRF-01',
  malformed: 'UREQ-01',
  notFound: 'UREQ-02',
  rateLimited: 'UREQ-03',
  flowVersion: 'UVER-01',
  savedUnknown: 'USAVE-01',
  savedExpired: 'USAVE-02',
  savedUsed: 'USAVE-03',
  savedWrongCode: 'USAVE-04',
  savedBlocked: 'USAVE-05',
  notSignedIn: 'UBEH-01',
  noRole: 'UBEH-02',
  wrongCredentials: 'UBEH-03',
  accountLocked: 'UBEH-04',
  secondFactorNeeded: 'UBEH-05',
  draftFindings: 'UBEH-06',
  fourEyes: 'UBEH-07',
  fixturesFail: 'UBEH-08',
} as const;
