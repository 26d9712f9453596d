import type { Header, Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import type { Exchange, Failure } from '../events.js';
import { documentedHeaders, documentedResponse } from '../documented-response.js';
import { parseDeprecation, parseImfFixdate } from '../http-syntax.js';
import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const RESPONSE_HEADERS_CONFORMANCE: CheckInfo = { name: "response_headers_conformance", checks: "required documented headers are present and valid against their schemas; a deprecated operation sends Deprecation and Sunset", basis: "the response's headers map in the document; RFC 9745; RFC 8594" };

/**
 * Every required documented header is present, and every documented header present is valid
 * against its schema (rate-limit headers, Location, X-Total-Count, Retry-After...). A deprecated
 * operation also signals it: `Deprecation` in RFC 9745 syntax (`@<unix seconds>`) and, when the
 * document gives `x-sunset`, `Sunset` as an RFC 8594 HTTP-date (IMF-fixdate, right weekday) of
 * that very instant.
 */
export const responseHeadersConformance: Check = (exchange, operation, context) => {
  const documented = documentedResponse(operation, exchange.response.status);
  if (!documented) return [];
  const failures: Failure[] = [];
  // Named only when something failed: most answers pass, and parsing the URL is not free.
  const where = () => `${describeRequest(exchange)} -> ${exchange.response.status}`;
  const headers = exchange.response.headers;
  for (const [lower, { name, header }] of documentedHeaders(documented.response)) {
    const raw = headers[lower];
    if (raw === undefined) {
      if ((header as Header).required) failures.push(fail(`${where()} lacks the required header ${name}`, name, 'present', 'absent'));
      continue;
    }
    const validate = context.schemas.header(operation.operationId, documented.key, lower);
    if (!validate) continue;
    const value = coerce(raw, (header as Header).schema as Schema | undefined);
    const problems = validate(value);
    if (problems.length > 0) {
      const first = problems[0]!;
      failures.push(fail(`${where()}: header ${name}: ${raw} ${first.message.replace(/^\$ ?/, '')}`, name, first.expected ?? 'valid', raw));
    }
  }
  if (operation.deprecated) failures.push(...deprecationSignals(exchange, operation, where));
  return failures;
};

function deprecationSignals(exchange: Exchange, operation: Operation, where: () => string): Failure[] {
  const failures: Failure[] = [];
  const deprecation = exchange.response.headers['deprecation'];
  // RFC 9745 wants the instant of deprecation: demanded where the document gives one (x-deprecated-at).
  if (deprecation === undefined && operation.deprecatedAt !== undefined) {
    failures.push(fail(`${where()} is a deprecated operation but has no Deprecation header (RFC 9745)`, 'Deprecation', '@<unix seconds>', 'absent'));
  } else if (deprecation !== undefined && parseDeprecation(deprecation) === undefined) {
    failures.push(fail(`${where()}: Deprecation ${deprecation} is not RFC 9745 syntax`, 'Deprecation', '@<unix seconds>', deprecation));
  }
  if (operation.sunset === undefined) return failures;
  const sunset = exchange.response.headers['sunset'];
  const { instant: documented, expected } = documentedSunset(operation.sunset);
  if (sunset === undefined) {
    failures.push(fail(`${where()} has no Sunset header, though the document sets x-sunset (RFC 8594)`, 'Sunset', expected, 'absent'));
    return failures;
  }
  const instant = parseImfFixdate(sunset);
  if (instant === undefined) {
    failures.push(fail(`${where()}: Sunset ${sunset} is not an HTTP-date (IMF-fixdate, RFC 8594)`, 'Sunset', expected, sunset));
  } else if (instant !== documented) {
    failures.push(fail(`${where()}: Sunset names another instant than the document's x-sunset`, 'Sunset', expected, sunset));
  }
  return failures;
}

/** The document's x-sunset as an instant and as the HTTP-date that names it: parsed once per value, not per answer. */
function documentedSunset(sunset: string): { instant: number; expected: string } {
  let parsed = sunsets.get(sunset);
  if (!parsed) {
    const instant = Date.parse(sunset);
    if (sunsets.size >= SUNSETS_KEPT) sunsets.clear();
    sunsets.set(sunset, (parsed = { instant, expected: new Date(instant).toUTCString() }));
  }
  return parsed;
}

/** x-sunset values come from the document, a few per document; the bound only guards a long-lived process. */
const SUNSETS_KEPT = 256;
const sunsets = new Map<string, { instant: number; expected: string }>();

function fail(message: string, header: string, expected: string, actual: string): Failure {
  return { check: RESPONSE_HEADERS_CONFORMANCE.name, message, expected, actual, location: `header ${header}` };
}

/** Header values are text; integers and booleans are compared after parsing, strictly. */
function coerce(raw: string, schema: Schema | undefined): unknown {
  const text = raw.trim();
  switch (schema?.type) {
    case 'integer':
      return /^-?\d+$/.test(text) ? Number(text) : raw;
    case 'number':
      return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text) ? Number(text) : raw;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : raw;
    default:
      return raw;
  }
}
