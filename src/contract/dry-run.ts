import type { CaseKind } from './events.js';
import { changesRecords } from './own-records.js';
import type { PreparedRun } from './run-contract.js';
import type { RequestTemplate } from './request-template.js';

const PHASE_OF: Record<CaseKind, string> = {
  positive: 'examples',
  state: 'examples',
  negative: 'negative',
  boundary: 'boundary',
  stateful: 'stateful',
  fuzz: 'fuzz',
  'rate-limit': 'rate-limit',
  workflow: 'workflow',
};

/**
 * `--dry-run`: the plan as text, one line per request template (phase, operation, request, check,
 * `destructive` where it applies), a case's fixtures and preparations indented under it. Nothing is sent.
 */
export function dryRunLines({ plan, workflows, options }: PreparedRun): string[] {
  const { index } = plan;
  const request = (t: RequestTemplate) => {
    const o = index.byId(t.operationId)!;
    return `${o.method.toUpperCase()} ${o.path}`;
  };
  const lines = [`plan of ${plan.file} against ${options.baseUrl} (nothing sent${options.allowDestructive ? '; --allow-destructive' : ''})`];
  for (const step of workflows?.bound.workflows.flatMap((w) => w.steps.map((s) => ({ workflowId: w.workflow.workflowId, ...s }))) ?? []) {
    const o = step.operation;
    const what = o ? `${o.operationId}\t${o.method.toUpperCase()} ${o.path}` : `${step.step.workflowId ?? step.step.operationId ?? step.step.stepId}\t-`;
    const marker = o && changesRecords(o.method) ? (options.allowDestructive ? '\tdestructive' : '\tdestructive unless it names a record the run created') : '';
    lines.push(`workflow\t${what}\t${step.workflowId}/${step.step.stepId}${marker}${step.unsupported ? `\tskipped: ${step.unsupported}` : ''}`);
  }
  for (const c of plan.cases) {
    const check = c.id.startsWith(`${c.operationId}/`) ? c.id.slice(c.operationId.length + 1) : c.id;
    lines.push(`${PHASE_OF[c.kind]}\t${c.operationId}\t${c.request.method ?? c.method} ${c.path}\t${check}${c.destructive ? '\tdestructive' : ''}${c.skipReason ? `\tskipped: ${c.skipReason}` : ''}`);
    if (c.skipReason) continue;
    const setUp = [...c.fixtures.flatMap((name) => [...plan.recipes.get(name)!.prepare, plan.recipes.get(name)!.request]), ...c.prepare];
    for (const t of setUp) lines.push(`\tbefore: ${request(t)} (${t.operationId})`);
  }
  const skipped = plan.cases.filter((c) => c.skipReason).length;
  const destructive = plan.cases.filter((c) => c.destructive).length;
  lines.push(`${plan.cases.length} case(s) planned: ${skipped} skipped, ${destructive} destructive${options.allowDestructive ? ' (sent: --allow-destructive)' : ' (not sent without --allow-destructive)'}`);
  return lines;
}
