/** A request as the plan describes it: ids of records created at run time are named, not known. */
export type ValueSource = { fixture: string } | { value: unknown };

export type Credentials = 'api-key' | 'none' | 'readonly-key' | 'rate-limit-key';

export interface RequestTemplate {
  operationId: string;
  pathParams: Readonly<Record<string, ValueSource>>;
  /** Query parameters; arrays are sent as repeated parameters (form, explode). */
  query: Readonly<Record<string, unknown>>;
  /** A JSON body; the top-level fields named in `refs` get the id of that fixture at run time. */
  body?: { value: unknown; refs: Readonly<Record<string, string>> };
  /** The body's Content-Type when it is not `application/json` (a 415 case sends JSON as text/plain). */
  contentType?: string;
  credentials: Credentials;
}
