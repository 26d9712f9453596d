/**
 * A request as the plan describes it: ids of records created at run time are named, not known.
 * A fixture's value is the id of the record it made, or what a link's `expression` reads from its
 * answer. A value marked `unknown` is a guess the case cannot rely on (the reason says why).
 */
export type ValueSource = { fixture: string; expression?: string } | { value: unknown; unknown?: string };

/** `wrong-credential`: the run's credentials, each replaced by a wrong value of its kind (checks/ignored-auth-credential.ts). */
export type Credentials = 'api-key' | 'none' | 'readonly-key' | 'rate-limit-key' | 'wrong-credential';

export interface RequestTemplate {
  operationId: string;
  pathParams: Readonly<Record<string, ValueSource>>;
  /** Query parameters; arrays are sent as repeated parameters (form, explode). */
  query: Readonly<Record<string, unknown>>;
  /** A JSON body; the top-level fields named in `refs` get the id of that fixture at run time. */
  body?: { value: unknown; refs: Readonly<Record<string, string>> };
  /** Why some required parameter has no value to send (the case is skipped). */
  unknown?: readonly string[];
  /** Header parameters the document requires (credentials are placed at run time, not here). */
  headers?: Readonly<Record<string, string>>;
  /** The body's Content-Type when it is not `application/json` (a 415 case sends JSON as text/plain). */
  contentType?: string;
  credentials: Credentials;
  /** A method other than the operation's (the unsupported-method case sends one the path does not document). */
  method?: string;
}
