import type { CheckInfo } from './types.js';

/**
 * The kit's own checks whose code lives where the requests are made (the deep phases, workflows,
 * transport), named here so that the registry lists them and --checks can pick them. Each says
 * where it is judged.
 */
export const PHASE_CHECKS: readonly CheckInfo[] = [
  { name: 'state-read', checks: 'a record reads back as last written (stateful phase)', basis: 'RFC 9110 section 9.3.1: GET transfers the current representation' },
  { name: 'state-unchanged', checks: 'a refused input changes nothing the server holds (fuzz phase)', basis: 'RFC 9110 section 15.5: a 4xx means the request was not applied' },
  { name: 'state-listed', checks: 'a record this sequence created is in its collection (stateful phase)', basis: 'the collection GET of the document lists its records' },
  { name: 'id-reused', checks: 'a create never gives an id another live record of the sequence has (stateful phase; an id freed by a DELETE is use_after_free)', basis: 'RFC 9110 section 9.3.3: a created resource has its own identifier' },
  { name: 'state-deleted-listed', checks: 'a deleted record is no longer in its collection (stateful phase)', basis: 'RFC 9110 section 9.3.5 and the collection GET of the document' },
  { name: 'update-scope', checks: 'a PATCH or PUT changes only what it names (stateful phase)', basis: 'RFC 7396 (merge patch keeps unsent members); RFC 9110 section 9.3.4' },
  { name: 'reference-deleted', checks: 'a record still named by another is not deleted, or the reference goes with it (stateful phase)', basis: 'the reference fields of the document (an id naming another resource)' },
  { name: 'list-filter', checks: 'a filtered list holds exactly the matching records (stateful phase)', basis: 'the query parameters the document gives the collection' },
  { name: 'list-total', checks: 'X-Total-Count counts the records of the list (default and stateful phases)', basis: 'the documented X-Total-Count header' },
  { name: 'list-link-walk', checks: 'walking Link rel="next" gives every record once (stateful phase)', basis: 'RFC 8288 (Link) and the paging the document gives the collection' },
  { name: 'list-order', checks: 'a list keeps one order across its pages (stateful phase)', basis: 'the paging the document gives the collection' },
  { name: 'list-limit', checks: 'a page holds no more records than its limit asks (stateful phase)', basis: 'the limit parameter the document gives the collection' },
  { name: 'stock-model', checks: 'a pet stock is what the behaviour pack rules make it (Petstore model)', basis: 'INTERFACE section 7 (the Petstore pack rules)' },
  { name: 'pet-status', checks: 'a pet status is what the behaviour pack rules make it (Petstore model)', basis: 'INTERFACE section 7 (the Petstore pack rules)' },
  { name: 'inventory-status', checks: 'an inventory entry carries its pet status (Petstore model)', basis: 'INTERFACE section 7 (the Petstore pack rules)' },
  { name: 'link-origin', checks: 'a URL the target gives (Location, Link) stays on the --base-url origin; it is not followed otherwise', basis: 'the credentials of the run go to one origin (RFC 6454 origins)' },
  { name: 'response-size', checks: 'an answer fits --max-response-bytes', basis: 'the limit the user gives (decision 014)' },
  { name: 'response-depth', checks: 'an answer nests no deeper than the runner reads', basis: 'the runner limit on nesting (decision 014)' },
  { name: 'success-criteria', checks: 'a workflow step meets its successCriteria (2xx where it has none)', basis: 'the Arazzo 1.0 workflow file (--workflows)' },
  { name: 'workflow-output', checks: 'a workflow step output can be read from its answer', basis: 'the Arazzo 1.0 workflow file (--workflows)' },
];
