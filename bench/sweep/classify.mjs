// The table of classes from a sweep's results (`npm run sweep -- --results FILE`): why documents
// did not start, and why the runner was not clean, by check and by cause (issue 20's classes).
//   node bench/sweep/classify.mjs FILE
import { readFileSync } from 'node:fs';

const positive404 = /answered 404; this case expects (2\d\d)/;

/**
 * Causes, the first that matches a failing case wins. `issue` is the class number of issue 20
 * (or `new`). Each rule reads the case as the results keep it: id, method, path, reason, failures.
 */
const CAUSES = [
  { cause: 'not run: the document\'s time budget ran out', issue: '-', test: (c) => /^not run/.test(c.reason ?? '') },
  { cause: 'route: path key with a fragment or query (`/#X-Amz-Target=…`, `/?Action=…`)', issue: '2', test: (c) => /[#?]/.test(c.path) && has(c, /answered (404|405)/) },
  { cause: 'route: template with a suffix or prefix in one segment (`/{id}.json`, `/{name}:verb`, `/released{cursor}`)', issue: '3', test: (c) => /\{[^}]+\}[^/]|[^/]\{[^}]+\}/.test(c.path) && has(c, /answered (404|405)/) },
  { cause: 'link: a link\'s runtime expression names nothing in the mock\'s answer', issue: '13', test: (c) => /a link reads/.test(c.reason ?? '') },
  { cause: 'set-up: create answered with neither a Location nor an id', issue: '5', test: (c) => /neither a Location nor an id/.test(c.reason ?? '') },
  { cause: 'set-up: a prerequisite could not be made', issue: '5/6', test: (c) => /^could not (create|make|find)/.test(c.reason ?? '') },
  { cause: 'unknown id: mock serves an example where the runner expects 404', issue: '1', test: (c) => /\/negative\/unknown-(id|parent)/.test(c.id) && has(c, /answered 2\d\d/) },
  { cause: 'unknown id: mock answers 400 (the runner\'s unknown id breaks a parameter rule)', issue: '6', test: (c) => /\/negative\/unknown-(id|parent)/.test(c.id) && has(c, /answered 400/) },
  { cause: 'positive case answered 404: the mock holds no record for the example ids the runner sends (a parent or item it never created)', issue: '1', test: (c) => /\/(positive|state)\//.test(c.id) && has(c, positive404) },
  { cause: 'answered 500 to a positive case', issue: 'new', test: (c) => /\/(positive|state)\//.test(c.id) && has(c, /answered 500/) },
  { cause: 'runner built an invalid request: positive case answered 400/422', issue: '6', test: (c) => /\/(positive|state)\//.test(c.id) && has(c, /answered (400|422); this case expects/) },
  { cause: 'no credential: answered other than 401 (405/404/200)', issue: '2/3/10', test: (c) => /\/negative\/no-key/.test(c.id) },
  { cause: 'answer body breaks its schema: a generated value misses its format', issue: '8', test: (c) => has(c, /must match format/, 'response_schema_conformance') },
  { cause: 'answer body breaks its schema (served example or generated data)', issue: '8', test: (c) => failedCheck(c, 'response_schema_conformance') },
  { cause: 'header declared by the document in another format', issue: '9', test: (c) => failedCheck(c, 'response_headers_conformance') },
  { cause: 'content type of the answer not documented', issue: '10', test: (c) => failedCheck(c, 'content_type_conformance') },
  { cause: 'read-back: the write does not read back', issue: '4/5/7', test: (c) => failedCheck(c, 'state-updated') || failedCheck(c, 'state-created') || failedCheck(c, 'ensure_resource_availability') || failedCheck(c, 'read-back') },
  { cause: 'read-back: deleted record still reads', issue: '5', test: (c) => failedCheck(c, 'use_after_free') },
  { cause: 'negative case: answered another status than the one expected', issue: '10', test: (c) => /\/negative\//.test(c.id) && STATUS_CHECKS.some((check) => failedCheck(c, check)) },
  { cause: 'undocumented status', issue: '10', test: (c) => failedCheck(c, 'status_code_conformance') },
  { cause: 'status other than expected', issue: '?', test: (c) => STATUS_CHECKS.some((check) => failedCheck(c, check)) },
  { cause: 'case in error', issue: '?', test: (c) => c.status === 'error' },
];

/** The checks that judge a case's expected status (checks/status-expected.ts names each failure after what it expected). */
const STATUS_CHECKS = ['status-expected', 'positive_data_acceptance', 'negative_data_rejection', 'ignored_auth', 'missing_required_header', 'unsupported_method'];
/** Results written before the named check registry (docs/decisions/065-named-checks.md) carry the old names. */
const RENAMED = {
  'body-schema': 'response_schema_conformance',
  'headers-documented': 'response_headers_conformance',
  'content-type': 'content_type_conformance',
  'status-documented': 'status_code_conformance',
  'state-deleted': 'use_after_free',
  'id-reused': 'use_after_free',
  'no-server-error': 'not_a_server_error',
};
const nameOf = (check) => RENAMED[check] ?? check;
const has = (c, pattern, check) => c.failures.some((f) => (!check || nameOf(f.check) === check) && pattern.test(f.message));
const failedCheck = (c, check) => c.failures.some((f) => nameOf(f.check) === check);

/** The cause of one failing case, as the results keep it. */
export function causeOf(c) {
  return CAUSES.find((k) => k.test(c)) ?? { cause: 'other', issue: '?' };
}

export function classify(results) {
  const start = new Map();
  const outcomes = new Map();
  const causes = new Map();
  const checks = new Map();
  const add = (map, key, doc, example, n = 1) => {
    const row = map.get(key) ?? { docs: new Set(), cases: 0, examples: [] };
    row.docs.add(doc);
    row.cases += n;
    if (row.examples.length < 3 && !row.examples.some((e) => e.startsWith(`${doc}:`) || e === doc)) row.examples.push(example);
    map.set(key, row);
  };
  for (const r of results) {
    add(outcomes, r.outcome, r.id, r.id);
    if (r.start && !r.start.ok) add(start, `${r.start.class}: ${reasonClass(r.start.reason)}`, r.id, r.id);
    if (!r.runner?.checks) continue;
    for (const [check, n] of Object.entries(r.runner.checks)) add(checks, checkClass(nameOf(check)), r.id, r.id, n);
    for (const c of r.runner.failures) {
      const found = causeOf(c);
      add(causes, `${found.issue}|${found.cause}`, r.id, `${r.id}: ${c.id}`);
    }
  }
  return { start, outcomes, causes, checks };
}

/** A case in error grouped by what went wrong, not by the resource it names. */
function checkClass(check) {
  if (check.startsWith('error: could not create')) return 'error: could not create a record the case needs';
  if (check.startsWith('error: a link reads')) return 'error: a link names nothing in the answer';
  if (check.startsWith('error: GET http') || check.startsWith('error: POST http')) return 'error: request failed';
  return check;
}

/** A refusal's class: its message without the file, numbers and quoted names. */
function reasonClass(reason) {
  const line = String(reason ?? '').split('\n').find((l) => /error|refus|cannot|invalid|not /i.test(l)) ?? String(reason ?? '').split('\n')[0];
  return line.replace(/\/\S+\.json/g, 'DOC').replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '"…"').replace(/\d+/g, 'N').trim().slice(0, 160);
}

function table(title, head, map, row) {
  const rows = [...map.entries()].sort((a, b) => b[1].docs.size - a[1].docs.size || b[1].cases - a[1].cases);
  return [`### ${title}`, '', `| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map(([k, v]) => `| ${row(k, v).join(' | ')} |`), ''].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = readFileSync(process.argv[2], 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const { start, outcomes, causes, checks } = classify(results);
  const ex = (v) => v.examples.map((e) => `\`${e}\``).join(', ');
  console.log(`${results.length} documents\n`);
  console.log(table('Outcome per document', ['outcome', 'documents', 'examples'], outcomes, (k, v) => [k, v.docs.size, ex(v)]));
  console.log(table('Not started, by reason', ['class: reason', 'documents', 'examples'], start, (k, v) => [k, v.docs.size, ex(v)]));
  console.log(table('Runner failures by check (every case of every document)', ['check', 'documents', 'cases', 'examples'], checks, (k, v) => [k, v.docs.size, v.cases, ex(v)]));
  console.log(table('Runner failures by cause (the first 40 failing cases of each document)', ['issue 20 class', 'cause', 'documents', 'cases', 'examples (document: case)'], causes, (k, v) => [...k.split('|'), v.docs.size, v.cases, ex(v)]));
}
