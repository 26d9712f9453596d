// Classifies the failed and errored cases of the large-documents trials' reports (--keep-reports DIR) by who is wrong:
// the first rule whose pattern matches "check :: message :: case id :: the first 400 answer's message" names the class
// (R- the runner, M- the mock). The rules were written from hand-sampled cases of the second trial
// (bench/results/large-documents-second-trial.md); some name one document's paths, where the class was seen only there.
// A case no rule matches is listed as unclassified.
//   node scripts/large-documents-classify.mjs DIR NAME...
import { existsSync, readFileSync } from 'node:fs';
const RULES = [
  // [class, regex over "check :: message :: case id"]
  ['R-invalid-path-value', /positive_data_acceptance :: PUT \/api\/v1\/billing_entities\/|billing_entities\/acme_corp|createBillingEntity\/state/],
  ['M-parent-param-overwrites-child-field', /plans\/startup\/(charges|fixed_charges)|createPlanCharge|createPlanFixedCharge|createPlanChargeFilter|PlanCharge|PlanFixedCharge/],
  ['R-id-not-found-setup-error', /^\(error\) :: could not create the .* neither a Location nor an id/],
  ['M-echoes-request-field-of-another-schema', /\.items\[\d+\]\.(lago_id|amount_currency|fee)|integration_customers\[|fees\[\d+\]\.item|filters\[\d+\]\.invoice_display_name|\w\[\d+\] must be object/],
  ['M-oneof-answer-matches-no-branch', /target\.data\./],
  ['M-required-but-undeclared-property', /must have required property/],
  ['R-3.1-nullable-format-validated-as-null', /must be null ::/],
  ['R-valid-body-ignores-required-beside-allOf-oneOf', /\/body\/(handles|start|handle|source) is required|create-analytics-export|saml_connections answered 422|create-contact\/|create-team-contact|create-teammate-contact|delete-contact-handle/],
  
  ['R-parses-large-JSON-answers-as-invalid', /body is not valid JSON/],
  ['M-id-outside-int32-format', /must match format "int32"/],
  ['R-list-order-assumed-by-id', /^list-order/],
  ['R-update-scope-expects-id-to-change', /^update-scope/],
  ['R-405-expected-where-credential-missing', /^unsupported_method .* answered 401/],
  ['R-stateful-id-empty-or-undefined', /just created \((undefined)?\)|\/undefined answered|slider undefined|[a-z]\/\/[a-zA-Z]+ answered/],
  ['R-valid-input-with-{}-for-3.1-type-arrays', /status-expected :: POST .* answered 400; this case expects 200 or 422|invoicePreview\/fuzz\/valid|createWallet\/fuzz\/one-constraint-broken/],
  ['R-read-back-of-fields-the-reader-does-not-show-or-readOnly', /create-a-knowledge-base\/state|putUserByUserId\/state|deleted-reads-404|entitlements: the record reads back without the update/],
  ['M-read-answers-other-than-the-stored-record', /postIssue\/|createTax\/state/],
  ['M-sent-writable-field-not-kept', /postUser\/stateful|teammate_group just created/],
  ['M-unexplained-400-on-unicode-string', /evaluate_expression answered 400/],
  ['R-example-or-default-id-the-target-does-not-hold', /answered 404.*:: .*\/positive\/plain :: $/],
  ['R-null-items-in-nullable-array', /\/\d+ must be (a string|an object)$/],
  ['M-created-record-not-found-by-DELETE', /DELETE \/api\/v3\/series\/\d+ answered 404/],
  ['R-cleanup-of-own-record-refused-as-not-created', /cleanup: not sent/],
  ['R-read-back-URL-with-unfilled-{parent}', /%7B\w+%7D/],
  ['R-wrong-type-case-on-an-untyped-field', /wrong-type-claims/],
  ['transient-socket-closed-not-reproduced', /UND_ERR_SOCKET/],

  ['M-text-answer-without-content-type', /^content_type_conformance .*Content-Type \(none\)/],
  ['(morning six only) read-back mismatch, not sampled', /^(state-\w+|use_after_free|ensure_resource_availability|id-reused|list-\w+) ::/],
  ['(cut by --max-duration)', /max-duration reached/],
];
const dir = process.argv[2]; const names = process.argv.slice(3);
const byClass = new Map(); const ops = new Map(); const unclassified = [];
for (const name of names) {
  const file = `${dir}/${name}.json`; if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  for (const c of r.cases) {
    if (c.status !== 'failed' && c.status !== 'error') continue;
    const f = c.failures?.[0] ?? {check: '(error)', message: c.error ?? c.reason};
    const bad = (c.exchanges ?? []).find((e) => e.response?.status === 400)?.response?.body?.message ?? '';
    const text = `${f.check} :: ${f.message} :: ${c.id} :: ${bad}`;
    const cls = RULES.find(([, re]) => re.test(text))?.[0] ?? 'unclassified';
    const e = byClass.get(cls) ?? {}; e[name] = (e[name] ?? 0) + 1; byClass.set(cls, e);
    const o = ops.get(cls) ?? new Set(); o.add(`${name}:${c.operationId}`); ops.set(cls, o);
    if (cls === 'unclassified') unclassified.push(`${name}: ${text.slice(0, 220)}`);
  }
}
const rows = [...byClass].map(([k, v]) => [k, v, Object.values(v).reduce((a, b) => a + b, 0)]).sort((a, b) => b[2] - a[2]);
for (const [k, v, n] of rows) console.log(String(n).padStart(5), String(ops.get(k).size).padStart(4), k, JSON.stringify(v));
console.log('\nunclassified:'); for (const u of unclassified) console.log(' ', u);
