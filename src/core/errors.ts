/**
 * The one error type of the API. Codes are stable and map to exactly one HTTP status
 * (INTERFACE.md section 6); code is told apart by `code`, never by message text.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  key_banned: 403,
  not_found: 404,
  method_not_allowed: 405,
  category_in_use: 409,
  pet_has_open_orders: 409,
  pet_not_available: 409,
  insufficient_stock: 409,
  order_completed: 409,
  endpoint_sunset: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_reference: 422,
  rate_limit_exceeded: 429,
  internal_error: 500,
  store_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface ErrorBody {
  code: string;
  message: string;
  status: number;
  details?: ErrorDetail[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;
  /** Extra response headers this error carries (Allow, Retry-After, WWW-Authenticate). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message, status: this.status };
    if (this.details && this.details.length > 0) body.details = this.details;
    return body;
  }
}

/** A generic code for a status without its own code (used for injected faults). */
export function codeForStatus(status: number): string {
  for (const [code, s] of Object.entries(ERROR_STATUS)) if (s === status) return code;
  return status >= 500 ? 'internal_error' : 'request_failed';
}
