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
  405: 'urn:uzi-portaal:fout:methode-niet-toegestaan',
  408: 'urn:uzi-portaal:fout:verzoek-verlopen',
  409: 'urn:uzi-portaal:fout:conflict',
  410: 'urn:uzi-portaal:fout:niet-meer-geldig',
  413: 'urn:uzi-portaal:fout:te-groot',
  415: 'urn:uzi-portaal:fout:ongeldig-formaat',
  422: 'urn:uzi-portaal:fout:niet-verwerkbaar',
  429: 'urn:uzi-portaal:fout:te-veel-verzoeken',
  431: 'urn:uzi-portaal:fout:kopregels-te-groot',
  500: 'urn:uzi-portaal:fout:technisch',
  503: 'urn:uzi-portaal:fout:tijdelijk-niet-beschikbaar',
  507: 'urn:uzi-portaal:fout:onvoldoende-opslagruimte',
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
  timedOut: 'UREQ-04',
  unavailable: 'UREQ-05',
  methodNotAllowed: 'UREQ-06',
  mediaType: 'UREQ-07',
  headersTooLarge: 'UREQ-08',
  idempotencyConflict: 'UREQ-09',
  bodyTooLarge: 'UREQ-10',
  controlCharacters: 'UVAL-04',
  invisibleCharacters: 'UVAL-05',
  flowVersion: 'UVER-01',
  savedUnknown: 'USAVE-01',
  savedExpired: 'USAVE-02',
  savedUsed: 'USAVE-03',
  savedWrongCode: 'USAVE-04',
  savedBlocked: 'USAVE-05',
  savedDamaged: 'USAVE-06',
  notSignedIn: 'UBEH-01',
  noRole: 'UBEH-02',
  wrongCredentials: 'UBEH-03',
  accountLocked: 'UBEH-04',
  secondFactorNeeded: 'UBEH-05',
  draftFindings: 'UBEH-06',
  fourEyes: 'UBEH-07',
  fixturesFail: 'UBEH-08',
  draftChanged: 'UBEH-09',
  nothingChanged: 'UBEH-10',
  byteBudget: 'UQUOTA-01',
  diskFull: 'UQUOTA-02',
} as const;
