/**
 * report.html: one self-contained page (inline CSS, a few lines of optional script, nothing
 * fetched) with the summary, the results per operation, the failures and the coverage matrix.
 */
import type { CaseResult, CoverageRow, RunSummary } from '../contract/events.js';
import { REPORT_CSS, REPORT_SCRIPT, contentSecurityPolicy } from './html-assets.js';
import { renderOperation, type CaseAnchors } from './html-cases.js';
import { html, raw, type Html } from './html-escape.js';
import { coverageTotals, exercisedDocumented, formatDuration, groupByOperation, maskSummary, runPassed, statusColumns } from './report-model.js';

export function renderHtmlReport(input: RunSummary): string {
  const summary = maskSummary(input);
  const passed = runPassed(summary);
  const verdict = passed ? 'PASSED' : 'FAILED';
  const anchors: CaseAnchors = new Map(summary.cases.map((c, i) => [c, `case-${i + 1}`]));
  const groups = groupByOperation(summary);
  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">
<title>${verdict} · Contract report · ${summary.baseUrl}</title>
<style>${raw(REPORT_CSS)}</style>
</head>
<body class="${verdict.toLowerCase()}">
${header(summary, verdict, anchors)}
<nav class="toolbar" hidden aria-label="Report view">
<button type="button" id="expand-all">Expand all</button>
<button type="button" id="collapse-all">Collapse all</button>
<button type="button" id="only-problems" aria-pressed="false">Only operations with problems</button>
</nav>
<main>
<section id="operations" aria-labelledby="operations-title">
<h2 id="operations-title">Results by operation</h2>
${groups.length === 0 ? html`<p class="reason">No operation was run.</p>` : groups.map((g) => renderOperation(g, anchors))}
</section>
${coverageSection(summary.coverage)}
</main>
<footer>petstore-kit contract runner · started ${summary.startedAt}</footer>
<script>${raw(REPORT_SCRIPT)}</script>
</body>
</html>
`;
  return page.value;
}

function header(summary: RunSummary, verdict: string, anchors: CaseAnchors): Html {
  const t = summary.totals;
  const cov = coverageTotals(summary.coverage);
  const problems = summary.cases.filter((c) => c.status === 'failed' || c.status === 'error');
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
${problems.length > 0 && html`<div class="problems" id="problems"><strong>${problems.length} ${problems.length === 1 ? 'case needs' : 'cases need'} attention</strong>
<p class="by-check">${failuresByCheck(problems).map(([check, count]) => html`<span class="pill failed">${check} <b>${count}</b></span> `)}</p>
<details${problems.length <= PROBLEMS_OPEN_MAX ? raw(' open') : ''}><summary>${problems.length <= PROBLEMS_OPEN_MAX ? 'The cases' : `Show the ${problems.length} cases`}</summary>
<ol>${problems.map((c) => problemLink(c, anchors.get(c) ?? ''))}</ol></details></div>`}
</header>`;
}

/** Up to this many problem cases are listed open at the top; more are folded away. */
const PROBLEMS_OPEN_MAX = 10;

/** How many problem cases each check failed in, most first (`could not run` for errors). */
function failuresByCheck(problems: readonly CaseResult[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const c of problems) {
    const checks = c.status === 'error' ? ['could not run'] : [...new Set(c.failures.map((f) => f.check))];
    for (const check of checks) counts.set(check, (counts.get(check) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function problemLink(c: CaseResult, anchor: string): Html {
  const checks = [...new Set(c.failures.map((f) => f.check))].join(', ');
  const why = c.status === 'error' ? `could not run: ${c.reason ?? 'unknown reason'}` : checks;
  return html`<li><a href="${`#${anchor}`}">${c.title}</a> <span class="where">— ${c.operationId}${why !== '' ? ` · ${why}` : ''}</span></li>`;
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
