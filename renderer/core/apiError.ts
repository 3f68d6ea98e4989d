/**
 * The error body of every rejected /api call (doc 2 §3): type, status, detail, traceId and
 * errors[{code, extraInfo}]. The server sends it, the browser reads it: one declaration for both.
 */
export interface ApiErrorItem {
  code: string;
  extraInfo: string[];
}

export interface ApiErrorBody {
  type: string;
  status: number;
  detail: string;
  traceId: string;
  errors: ApiErrorItem[];
}
