/**
 * report.html: one self-contained page (inline CSS, a few lines of optional script, nothing
 * fetched) with the summary, the results per operation, the failures and the coverage matrix.
 */
import type { CaseResult, CoverageRow, RunSummary } from '../contract/events.js';
import { REPORT_CSS, REPORT_SCRIPT, contentSecurityPolicy } from './html-assets.js';
import { MemoryCaseTexts, type CaseTexts } from './case-spool.js';
import { OPERATION_CLOSING, caseAnchor, operationOpening, renderCase } from './html-cases.js';
import { html, raw, type Html } from './html-escape.js';
import { describeRequest, type Problem } from './problems.js';
import { coverageTotals, exercisedDocumented, formatDuration, maskCase, runPassed, statusColumns } from './report-model.js';
import { RunDigest } from './run-digest.js';
import type { Sink } from './file-reporter.js';

/** A case as the page shows it, rendered when it finishes (masked there, once). */
export function renderCaseItem(c: CaseResult, index: number): string {
  return `${renderCase(maskCase(c), caseAnchor(index)).value}\n`;
}

/** The page for a summary held whole (its cases in `cases`). */
export function renderHtmlReport(summary: RunSummary): string {
  const texts = new MemoryCaseTexts();
  const digest = new RunDigest((c, i) => texts.add(c.operationId, renderCaseItem(c, i)));
  digest.takeRest(summary);
  const parts: string[] = [];
  writeHtmlReport((chunk) => parts.push(chunk.toString()), summary, digest, texts);
  return parts.join('');
}

/**
 * Writes the page to `sink`: the problems first, then each operation with its cases (rendered as
 * they finished and kept in `texts`), then the coverage matrix.
 */
export function writeHtmlReport(sink: Sink, summary: RunSummary, digest: RunDigest, texts: CaseTexts): void {
  const passed = runPassed(summary);
  const verdict = passed ? 'PASSED' : 'FAILED';
  const operations = digest.operations(summary.coverage);
  sink(html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">
<title>${verdict} · Contract report · ${summary.baseUrl}</title>
<style>${raw(REPORT_CSS)}</style>
</head>
<body class="${verdict.toLowerCase()}">
${header(summary, verdict, digest)}
<nav class="toolbar" hidden aria-label="Report view">
<button type="button" id="expand-all">Expand all</button>
<button type="button" id="collapse-all">Collapse all</button>
<button type="button" id="only-problems" aria-pressed="false">Only operations with problems</button>
</nav>
<main>
<section id="operations" aria-labelledby="operations-title">
<h2 id="operations-title">Results by operation</h2>
${operations.length === 0 ? html`<p class="reason">No operation was run.</p>` : ''}`.value);
  for (const tally of operations) {
    sink(operationOpening(tally).value);
    texts.copyGroup(tally.operationId, sink);
    sink(OPERATION_CLOSING);
  }
  sink(html`</section>
${coverageSection(summary.coverage)}
</main>
<footer>petstore-kit contract runner · started ${summary.startedAt}</footer>
<script>${raw(REPORT_SCRIPT)}</script>
</body>
</html>
`.value);
}

function header(summary: RunSummary, verdict: string, digest: RunDigest): Html {
  const t = summary.totals;
  const cov = coverageTotals(summary.coverage);
  const problems = digest.problemList();
  const errored = digest.errored;
  const tile = (cls: string, label: string, value: string | number) => html`<div class="${value === 0 ? `${cls} zero` : cls}"><dt>${label}</dt><dd>${value}</dd></div>`;
  return html`<header class="summary">
<h1><span class="${`badge ${verdict.toLowerCase()}`}" id="verdict">${verdict}</span> Contract report</h1>
<p class="meta">Target <code>${summary.baseUrl}</code> · spec <code>${summary.specFile}</code> · started ${summary.startedAt}</p>
${summary.stoppedEarly !== undefined && html`<p class="problems" id="stopped-early"><strong>Run stopped early:</strong> ${summary.stoppedEarly}</p>`}
${summary.leftBehind !== undefined && html`<div class="problems" id="left-behind"><strong>Left on the target: ${summary.leftBehind.length} record(s) this run created</strong><ul>${summary.leftBehind.map((r) => html`<li><code>${r.record}</code>: ${r.remove}</li>`)}</ul></div>`}
<dl class="totals">
${tile('n-cases', 'Cases', t.cases)}${tile('n-passed', 'Passed', t.passed)}${tile('n-failed', 'Failed', t.failed)}${tile('n-errors', 'Could not run', t.errors)}${tile('n-skipped', 'Skipped', t.skipped)}
${tile('n-coverage', 'Coverage', `${cov.percent}%`)}${tile('n-duration', 'Duration', formatDuration(summary.durationMs))}${tile('n-waited', 'Waited', formatDuration(summary.waitedMs))}
</dl>
${(problems.length > 0 || errored.length > 0) && html`<div class="problems" id="problems">
${problems.length > 0 && html`<strong>${plural(problems.length, 'problem')} in ${plural(t.failed, 'failed case')}</strong>
<ol class="problem-list">${problems.map((p, i) => renderProblem(p, i))}</ol>`}
${errored.length > 0 && html`<strong>${plural(errored.length, 'case')} could not run</strong>
<details${errored.length <= PROBLEMS_OPEN_MAX ? raw(' open') : ''}><summary>${errored.length <= PROBLEMS_OPEN_MAX ? 'The cases' : `Show the ${errored.length} cases`}</summary>
<ol id="errored">${errored.map((c) => html`<li><a href="${`#${caseAnchor(c.index)}`}">${c.title}</a> <span class="where">— ${c.operationId} · could not run: ${c.reason}</span></li>`)}</ol></details>`}
</div>`}
</header>`;
}

/** Up to this many cases of a problem (or that could not run) are listed open; more are folded away. */
const PROBLEMS_OPEN_MAX = 10;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One problem: check, operation and place, an example failure with its request, and every case that shows it. */
function renderProblem(p: Problem, i: number): Html {
  const open = p.cases.length <= PROBLEMS_OPEN_MAX;
  return html`<li class="problem" id="${`problem-${i + 1}`}"><span class="check">${p.check}</span> on <code>${p.operationId}</code>${
    p.location !== undefined && html` at <code>${p.location}</code>`} <span class="pill failed">${plural(p.count, 'case')}</span>
<p class="message">${p.message}</p>
${(p.expected !== undefined || p.actual !== undefined) && html`<div class="vs">
<div class="expected"><h4>Expected</h4><pre>${p.expected ?? '(not stated)'}</pre></div>
<div class="got"><h4>Got</h4><pre>${p.actual ?? '(not stated)'}</pre></div>
</div>`}
${p.request && html`<p class="where">request <code>${describeRequest(p.request)}</code></p>`}
<details${open ? raw(' open') : ''}><summary>${open ? 'The cases' : `Show the ${p.count} cases`}</summary>
<ol class="problem-cases">${p.cases.map((c) => html`<li><a href="${`#${caseAnchor(c.index)}`}">${c.title}</a>${c.request && html` <span class="where">— ${describeRequest(c.request)}</span>`}</li>`)}</ol></details></li>`;
}

function coverageSection(coverage: readonly CoverageRow[]): Html {
  const totals = coverageTotals(coverage);
  const columns = statusColumns(coverage);
  const rows = coverage.map((row) => {
    const documented = new Set(row.documented);
    const exercised = new Set(exercisedDocumented(row));
    const cells = columns.map((status) => {
      if (!documented.has(status)) return html`<td class="na" title="${`${status} not documented`}"></td>`;
      return exercised.has(status)
        ? html`<td class="hit" title="${`${status} exercised`}">✓</td>`
        : html`<td class="miss" title="${`${status} documented, not exercised`}">○</td>`;
    });
    return html`<tr><th scope="row"><span class="${`method ${row.method.toLowerCase()}`}">${row.method.toUpperCase()}</span> <code>${row.path}</code></th>${cells}<td class="frac">${exercised.size}/${row.documented.length}</td></tr>`;
  });
  return html`<section id="coverage" aria-labelledby="coverage-title">
<h2 id="coverage-title">Coverage: ${totals.exercised} of ${totals.documented} documented statuses exercised (${totals.percent}%)</h2>
<div class="matrix-wrap"><table class="matrix">
<thead><tr><th scope="col">operation</th>${columns.map((s) => html`<th scope="col">${s}</th>`)}<th scope="col">exercised</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>
<p class="legend"><span><span class="key hit">✓</span>exercised</span><span><span class="key miss">○</span>documented, not exercised</span>
<span><span class="key na"></span>not documented for the operation</span><span>${totals.operationsExercised} of ${totals.operations} operations exercised</span></p>
</section>`;
}
