/** The inline stylesheet and the few lines of script of report.html (the page reads fine without it). */
import { createHash } from 'node:crypto';

export const REPORT_CSS = `
:root {
  --bg: #f6f7f9; --panel: #fff; --ink: #1d2330; --muted: #5f6b7a; --line: #dfe3e8;
  --pass: #1a7f37; --pass-bg: #dafbe1; --fail: #c62828; --fail-bg: #ffebe9;
  --warn: #9a6700; --warn-bg: #fff8c5; --skip: #6e7781; --skip-bg: #eaeef2;
  --code-bg: #f3f4f6; --accent: #0b5cad;
  --mono: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1217; --panel: #171b22; --ink: #e3e7ed; --muted: #9aa5b1; --line: #2c333d;
    --pass: #4ac26b; --pass-bg: #12331d; --fail: #ff7b72; --fail-bg: #3d1616;
    --warn: #d4a72c; --warn-bg: #33290b; --skip: #9aa5b1; --skip-bg: #22272e;
    --code-bg: #0d1014; --accent: #58a6ff;
  }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
main, header.summary, nav.toolbar { max-width: 1100px; margin: 0 auto; padding: 0 24px; }
header.summary { padding-top: 28px; padding-bottom: 8px; }
h1 { font-size: 22px; margin: 0; display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
h2 { font-size: 17px; margin: 32px 0 12px; }
code, pre, .mono { font-family: var(--mono); font-size: 13px; }
.badge { display: inline-block; padding: 4px 16px; border-radius: 999px; font-size: 17px; font-weight: 800;
  letter-spacing: .08em; }
body.passed { border-top: 6px solid var(--pass); } body.failed { border-top: 6px solid var(--fail); }
.badge.passed { background: var(--pass-bg); color: var(--pass); border: 1px solid var(--pass); }
.badge.failed { background: var(--fail-bg); color: var(--fail); border: 1px solid var(--fail); }
.meta { color: var(--muted); margin: 6px 0 18px; overflow-wrap: anywhere; }
.meta code { color: var(--ink); }
.totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(104px, 1fr)); gap: 10px; margin: 0; }
.totals div { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px;
  display: flex; flex-direction: column; justify-content: space-between; }
.totals dt { font-size: 11px; white-space: nowrap; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); }
.totals dd { margin: 2px 0 0; font-size: 22px; font-weight: 600; }
.totals .n-failed dd { color: var(--fail); } .totals .n-passed dd { color: var(--pass); }
.totals .n-errors dd { color: var(--warn); } .totals .zero dd { color: var(--muted); }
.problems { background: var(--panel); border: 1px solid var(--line); border-left: 4px solid var(--fail);
  border-radius: 8px; padding: 10px 16px; margin-top: 16px; }
.problems ol { margin: 4px 0; padding-left: 22px; }
.problems .by-check { margin: 6px 0; display: flex; gap: 6px; flex-wrap: wrap; }
.problems details > summary { cursor: pointer; color: var(--muted); font-size: 13px; }
.problems a { color: var(--accent); text-decoration: none; } .problems a:hover { text-decoration: underline; }
nav.toolbar { display: flex; gap: 8px; margin-top: 16px; }
nav.toolbar button { font: inherit; font-size: 13px; padding: 4px 10px; border-radius: 6px; cursor: pointer;
  border: 1px solid var(--line); background: var(--panel); color: var(--ink); }
details.op { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; margin: 8px 0; }
details.op.has-problems { border-left: 4px solid var(--fail); }
details.op > summary { padding: 10px 14px; cursor: pointer; display: flex; align-items: center; gap: 10px;
  flex-wrap: wrap; list-style: none; }
details.op > summary::-webkit-details-marker { display: none; }
details.op > summary::before { content: "▸"; color: var(--muted); width: 1em; }
details.op[open] > summary::before { content: "▾"; }
details.op > summary:hover, details.case > summary:hover .case-line { background: var(--code-bg); }
details.op > summary .path { font-weight: 600; }
details.op > summary .opid { color: var(--muted); font-size: 13px; }
details.op > summary .counts { margin-left: auto; display: flex; gap: 6px; }
.pill { font-size: 12px; padding: 1px 8px; border-radius: 999px; background: var(--skip-bg); color: var(--skip); }
.pill.passed { background: var(--pass-bg); color: var(--pass); } .pill.failed { background: var(--fail-bg); color: var(--fail); }
.pill.error { background: var(--warn-bg); color: var(--warn); }
.method { font: 700 11px/1 var(--mono); padding: 4px 6px; border-radius: 4px; min-width: 54px; text-align: center;
  background: var(--skip-bg); color: var(--ink); display: inline-block; }
.method.get { background: #ddf4ff; color: #0550ae; } .method.post { background: #dafbe1; color: #116329; }
.method.put { background: #fff1e5; color: #953800; } .method.patch { background: #fbefff; color: #6f42c1; }
.method.delete { background: #ffebe9; color: #a40e26; }
ul.cases { list-style: none; margin: 0; padding: 0 0 6px; border-top: 1px solid var(--line); }
ul.cases > li { border-bottom: 1px solid var(--line); } ul.cases > li:last-child { border-bottom: 0; }
.case-line { display: flex; gap: 10px; align-items: baseline; padding: 7px 14px; }
details.case > summary { cursor: pointer; list-style: none; }
details.case > summary::-webkit-details-marker { display: none; }
details.case > summary .case-line::after { content: "▸"; color: var(--muted); order: 9; }
details.case[open] > summary .case-line::after { content: "▾"; }
.mark { font-weight: 700; width: 1.2em; text-align: center; flex: none; }
.passed .mark { color: var(--pass); } .failed .mark { color: var(--fail); } .error .mark { color: var(--warn); }
.skipped .mark, .skipped .title { color: var(--skip); }
.case-line .title { flex: 1; overflow-wrap: anywhere; }
.case-line .kind, .case-line .ms { color: var(--muted); font-size: 12px; white-space: nowrap; }
.case-body { padding: 4px 14px 14px 42px; }
.reason { color: var(--muted); margin: 0 0 8px; }
ul.notes { margin: 0 0 8px; padding-left: 18px; color: var(--muted); font-size: 13px; }
.failure { border: 1px solid var(--fail); border-radius: 6px; margin: 8px 0 12px; overflow: hidden; }
.failure-head { background: var(--fail-bg); padding: 6px 12px; display: flex; gap: 10px; flex-wrap: wrap; align-items: baseline; }
.check { font: 700 13px var(--mono); color: var(--fail); }
.where { font-size: 13px; color: var(--muted); } .where code { color: var(--ink); }
.vs { display: grid; grid-template-columns: 1fr 1fr; }
.vs > div { padding: 8px 12px; min-width: 0; } .vs > div + div { border-left: 1px solid var(--line); }
.vs h4, .exchange h4 { margin: 0 0 4px; font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; background: var(--code-bg); padding: 8px 10px;
  border-radius: 4px; max-height: 420px; overflow: auto; }
.vs .expected pre { border-left: 3px solid var(--pass); } .vs .got pre { border-left: 3px solid var(--fail); }
details.exchange { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; }
details.exchange > summary { padding: 6px 10px; cursor: pointer; font-family: var(--mono); font-size: 13px; overflow-wrap: anywhere; }
.exchange-body { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; padding: 4px 10px 10px; }
.exchange-body > div { min-width: 0; }
table.headers { border-collapse: collapse; font: 12px var(--mono); margin-bottom: 6px; width: 100%; }
table.headers th { text-align: left; color: var(--muted); font-weight: 400; padding: 1px 10px 1px 0; white-space: nowrap; vertical-align: top; }
table.headers td { overflow-wrap: anywhere; padding: 1px 0; }
table.headers td.empty { color: var(--muted); font-style: italic; }
.status { font-weight: 700; } .s2 { color: var(--pass); } .s3 { color: var(--accent); } .s4, .s5 { color: var(--fail); }
.matrix-wrap { overflow-x: auto; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
table.matrix { border-collapse: collapse; font-size: 13px; width: 100%; }
table.matrix th, table.matrix td { padding: 5px 8px; border-bottom: 1px solid var(--line); text-align: center; }
table.matrix th[scope=row] { text-align: left; font-weight: 400; white-space: nowrap; }
table.matrix thead th { font: 600 12px var(--mono); color: var(--muted); position: sticky; top: 0; background: var(--panel); }
table.matrix td.hit { color: var(--pass); background: var(--pass-bg); font-weight: 700; }
table.matrix td.miss { color: var(--muted); }
table.matrix td.na { background: repeating-linear-gradient(45deg, transparent 0 4px, var(--code-bg) 4px 8px); }
table.matrix td.frac { font-variant-numeric: tabular-nums; white-space: nowrap; }
.legend { color: var(--muted); font-size: 13px; margin: 8px 0 0; display: flex; gap: 16px; flex-wrap: wrap; align-items: center; }
.legend .key { display: inline-block; width: 22px; height: 18px; line-height: 18px; text-align: center; border: 1px solid var(--line);
  border-radius: 3px; margin-right: 4px; vertical-align: middle; }
.legend .key.hit { color: var(--pass); background: var(--pass-bg); font-weight: 700; }
.legend .key.na { background: repeating-linear-gradient(45deg, transparent 0 4px, var(--code-bg) 4px 8px); }
footer { color: var(--muted); font-size: 12px; text-align: center; padding: 32px 0; }
@media (max-width: 760px) { .vs, .exchange-body { grid-template-columns: 1fr; } .vs > div + div { border-left: 0; border-top: 1px solid var(--line); } }
`;

/** Expand all, collapse all, and show only the operations with problems. */
export const REPORT_SCRIPT = `
document.querySelector('nav.toolbar').hidden = false;
const ops = () => document.querySelectorAll('details.op');
document.getElementById('expand-all').onclick = () => document.querySelectorAll('details').forEach((d) => { d.open = true; });
document.getElementById('collapse-all').onclick = () => document.querySelectorAll('details').forEach((d) => { d.open = false; });
const only = document.getElementById('only-problems');
only.onclick = () => {
  const on = only.getAttribute('aria-pressed') !== 'true';
  only.setAttribute('aria-pressed', String(on));
  only.textContent = on ? 'Show all operations' : 'Only operations with problems';
  ops().forEach((d) => { d.hidden = on && !d.classList.contains('has-problems'); });
};
`;

/** The page's Content-Security-Policy: nothing is fetched, and only the script above may run. */
export function contentSecurityPolicy(): string {
  const hash = createHash('sha256').update(REPORT_SCRIPT, 'utf8').digest('base64');
  return `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${hash}'`;
}
