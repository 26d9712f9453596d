/** report.html's per-operation section: each case, its failures (expected vs got) and its exchanges. */
import type { CaseResult, CaseStatus, Exchange, Failure } from '../contract/events.js';
import { html, type Html } from './html-escape.js';
import { exercisedDocumented, formatDuration, maskHeaders, prettyBody, prettyValue, truncate } from './report-model.js';
import type { OperationTally } from './run-digest.js';

const BODY_MAX_CHARS = 8000;
const KEY_RESPONSE_HEADERS = [
  'content-type', 'location', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after',
  'ratelimit', 'ratelimit-policy', 'x-total-count', 'link', 'deprecation', 'sunset', 'www-authenticate', 'allow',
];
const KEY_REQUEST_HEADERS = ['x-api-key', 'content-type', 'accept', 'prefer', 'x-mock-session', 'authorization'];
const MARK: Record<CaseStatus, string> = { passed: '✓', failed: '✗', error: '!', skipped: '–' };
const openAttr = html` open`;
const STATUS_WORD: Record<CaseStatus, string> = { passed: 'passed', failed: 'failed', error: 'could not run', skipped: 'skipped' };

/** The anchor of the case at a position of the run (0-based), so that links from the summary reach it. */
export const caseAnchor = (index: number) => `case-${index + 1}`;

/** An operation's section up to its list of cases; the cases follow as they were rendered, then OPERATION_CLOSING. */
export function operationOpening(tally: OperationTally): Html {
  const problems = tally.counts.failed + tally.counts.errors > 0;
  const cov = tally.coverage;
  const statuses = cov ? `${exercisedDocumented(cov).length}/${cov.documented.length} statuses` : '';
  return html`<details class="op${problems ? ' has-problems' : ''}" id="${`op-${tally.operationId}`}"${problems ? openAttr : ''}>
<summary><span class="${`method ${tally.method.toLowerCase()}`}">${tally.method}</span> <code class="path">${tally.path}</code> <span class="opid">${tally.operationId}</span>
<span class="counts">${countPills(tally)}<span class="pill" title="documented statuses exercised">${statuses}</span></span></summary>
<ul class="cases">${tally.cases === 0 && html`<li><div class="case-line"><span class="title reason">No case of this operation ran.</span></div></li>`}
`;
}

export const OPERATION_CLOSING = '</ul>\n</details>\n';

function countPills(tally: OperationTally): Html {
  const { passed, failed, errors, skipped } = tally.counts;
  return html`${passed > 0 && html`<span class="pill passed">${passed} passed</span>`}${failed > 0 && html`<span class="pill failed">${failed} failed</span>`}${
    errors > 0 && html`<span class="pill error">${errors} could not run</span>`}${skipped > 0 && html`<span class="pill">${skipped} skipped</span>`}`;
}

export function renderCase(c: CaseResult, anchor: string): Html {
  const line = html`<div class="case-line"><span class="mark" title="${STATUS_WORD[c.status]}">${MARK[c.status]}</span><span class="title">${c.title}</span>
<span class="kind">${c.kind}</span><span class="ms">${c.status === 'skipped' ? 'skipped' : formatDuration(c.durationMs)}${
    c.waitedMs > 0 ? ` · waited ${formatDuration(c.waitedMs)}` : ''}</span></div>`;
  const notes = c.notes ?? [];
  const hasBody = c.failures.length > 0 || c.exchanges.length > 0 || c.reason !== undefined || notes.length > 0;
  if (!hasBody) return html`<li class="${`case ${c.status}`}" id="${anchor}">${line}</li>`;
  const open = c.status === 'failed' || c.status === 'error';
  return html`<li class="${`case ${c.status}`}" id="${anchor}"><details class="case"${open ? openAttr : ''}><summary>${line}</summary>
<div class="case-body">${c.reason !== undefined && html`<p class="reason">${c.status === 'skipped' ? 'Skipped: ' : c.status === 'error' ? 'Could not run: ' : ''}${c.reason}</p>`}
${notes.length > 0 && html`<ul class="notes">${notes.map((n) => html`<li>${n}</li>`)}</ul>`}
${c.repro !== undefined && html`<p class="reason">Repro (shrunk; run with API_KEY set):</p><pre class="repro">${c.repro}</pre>`}
${c.failures.map(renderFailure)}
${c.exchanges.map((e, i) => renderExchange(e, i === c.exchanges.length - 1 && open, i, c.exchanges.length))}
</div></details></li>`;
}

export function renderFailure(f: Failure): Html {
  return html`<div class="failure">
<div class="failure-head"><span class="check">${f.check}</span><span class="message">${f.message}</span>${
    f.location !== undefined && html`<span class="where">at <code>${f.location}</code></span>`}</div>
${(f.expected !== undefined || f.actual !== undefined) && html`<div class="vs">
<div class="expected"><h4>Expected</h4><pre>${f.expected ?? '(not stated)'}</pre></div>
<div class="got"><h4>Got</h4><pre>${f.actual ?? '(not stated)'}</pre></div>
</div>`}
</div>`;
}

function renderExchange(e: Exchange, open: boolean, index: number, count: number): Html {
  const status = e.response.status;
  const label = count > 1 ? `request ${index + 1} of ${count}: ` : '';
  const requestBody = e.request.body !== undefined ? prettyValue(e.request.body) : '';
  const responseBody = prettyBody(e.response);
  return html`<details class="exchange"${open ? openAttr : ''}><summary>${label}<strong>${e.request.method.toUpperCase()}</strong> ${e.request.url} → <span class="${`status s${String(status).charAt(0)}`}">${status}</span> <span class="where">${formatDuration(e.durationMs)}</span></summary>
<div class="exchange-body">
<div><h4>Request</h4>${headerTable(maskHeaders(e.request.headers), KEY_REQUEST_HEADERS)}${requestBody !== '' && html`<pre>${truncate(requestBody, BODY_MAX_CHARS)}</pre>`}</div>
<div><h4>Response ${status}</h4>${headerTable(e.response.headers, KEY_RESPONSE_HEADERS)}${
    responseBody !== '' ? html`<pre>${truncate(responseBody, BODY_MAX_CHARS)}</pre>` : html`<p class="reason">(empty body)</p>`}</div>
</div></details>`;
}

/** The headers worth reading first, then the rest folded away. */
function headerTable(headers: Readonly<Record<string, string>>, keyNames: readonly string[]): Html {
  const entries = Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)] as const);
  const key = entries.filter(([k]) => keyNames.includes(k)).sort((a, b) => keyNames.indexOf(a[0]) - keyNames.indexOf(b[0]));
  const rest = entries.filter(([k]) => !keyNames.includes(k));
  const rows = (list: readonly (readonly [string, string])[]) => list.map(([k, v]) => (v === '' ? html`<tr><th>${k}</th><td class="empty">(empty)</td></tr>` : html`<tr><th>${k}</th><td>${v}</td></tr>`));
  return html`<table class="headers">${rows(key)}</table>${rest.length > 0 && html`<details><summary class="where">${rest.length} more header(s)</summary><table class="headers">${rows(rest)}</table></details>`}`;
}
