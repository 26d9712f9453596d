/** A YAML document served by the built CLI's mock, and the built CLI's `contract` run against it (JSON report read back). */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startMockProcess, type MockProcess } from './mock-processes.js';

export interface ReportedCase {
  id: string;
  status: string;
  reason?: string;
  failures?: { check: string; message: string }[];
  exchanges: { request: { method: string; url: string; headers: Record<string, string>; body?: unknown }; response: { status: number; body?: unknown } }[];
}

export interface ContractOnDocument {
  mock: MockProcess;
  cases: ReportedCase[];
  code: number | null;
  output: string;
}

/** Starts the mock on `yaml` and runs `contract` (with `extraArgs`) against it; stop `mock` when done. */
export async function contractOnDocument(yaml: string, extraArgs: string[] = []): Promise<ContractOnDocument> {
  const dir = mkdtempSync(join(tmpdir(), 'contract-on-document-'));
  const spec = join(dir, 'openapi.yaml');
  const out = join(dir, 'out');
  writeFileSync(spec, yaml);
  const mock = await startMockProcess(['--spec', spec]);
  const run = await runCli(['contract', '--spec', spec, '--base-url', mock.url, ...extraArgs, '--reporter', 'json', '--out', out]);
  const cases = (JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { cases: ReportedCase[] }).cases;
  return { mock, cases, code: run.code, output: run.stdout + run.stderr };
}
