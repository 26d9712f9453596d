import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from '../../../src/reporting/html-escape.js';
import { renderHtmlReport } from '../../../src/reporting/html-report.js';
import { NOTE, failingRunSummary, hostileRunSummary, passingRunSummary } from '../../fixtures/run-summary.js';

describe('html report (markup)', () => {
  it('escapes every interpolated value', () => {
    expect(escapeHtml(`<a href='x'>&"</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;');
    expect(html`<p title="${'"><script>'}">${'<b>'}</p>`.value).toBe('<p title="&quot;&gt;&lt;script&gt;">&lt;b&gt;</p>');
    expect(escapeHtml('\u0000')).toBe('\\u0000');
  });

  it('is one self-contained page: no external resource, one script of its own, a strict CSP', () => {
    const page = renderHtmlReport(failingRunSummary());
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page).not.toMatch(/<link\b|@import|url\(|\ssrc=/i);
    expect(page.match(/<script\b/g)).toHaveLength(1);
    expect(page).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; [^"]*script-src &#39;sha256-/);
  });

  it('leaves no hostile string unescaped', () => {
    const page = renderHtmlReport(hostileRunSummary());
    expect(page.match(/<script\b/g)).toHaveLength(1);
    expect(page).not.toContain('<img');
    expect(page).not.toContain('onerror="');
    // eslint-disable-next-line no-control-regex
    expect(page).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(page).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
  });

  it('opens failed operations and cases and keeps passing ones folded', () => {
    const page = renderHtmlReport(failingRunSummary());
    expect(page).toMatch(/<details class="op has-problems" id="op-createPet" open>/);
    expect(page).toMatch(/<details class="op" id="op-listPets">/);
    expect(renderHtmlReport(passingRunSummary())).not.toMatch(/<details[^>]* open>/);
  });

  it('leads with the problems, each listing its cases open when there are few', () => {
    const page = renderHtmlReport(failingRunSummary());
    expect(page.indexOf('id="problems"')).toBeLessThan(page.indexOf('id="operations"'));
    expect(page).toContain('<strong>3 problems in 2 failed cases</strong>');
    expect(page).toMatch(/<li class="problem" id="problem-1"><span class="check">response-schema<\/span> on <code>createPet<\/code> at <code>\$.status<\/code> <span class="pill failed">1 case<\/span>/);
    expect(page).toContain('<p class="where">request <code>POST http://127.0.0.1:4010/pets -&gt; 201</code></p>');
    expect(page).toContain('<li><a href="#case-3">POST /pets with example &quot;dog&quot; answers 201</a>');
    expect(page).toContain('<strong>1 case could not run</strong>');
    const many = failingRunSummary();
    const failed = many.cases[2];
    for (let i = 0; i < 11; i += 1) if (failed) many.cases.push({ ...failed, id: `copy-${i}` });
    expect(renderHtmlReport(many)).toMatch(/<details><summary>Show the 12 cases<\/summary>/);
  });

  it('shows the notes of a case', () => {
    expect(renderHtmlReport(passingRunSummary())).toContain(`<ul class="notes"><li>${NOTE}</li></ul>`);
  });

  it('masks API keys in recorded requests', () => {
    const page = renderHtmlReport(failingRunSummary());
    expect(page).not.toContain('demo-enterprise');
    expect(page).toContain('demo*********se');
  });

  it('truncates huge bodies', () => {
    const summary = passingRunSummary();
    const response = summary.cases[0]?.exchanges[0]?.response;
    if (response) response.body = { blob: 'x'.repeat(50_000) };
    const page = renderHtmlReport(summary);
    expect(page.length).toBeLessThan(60_000);
    expect(page).toMatch(/… \(\d+ more characters\)/);
  });
});
