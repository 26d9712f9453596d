import type { CaseResult, Exchange, Failure, RunSummary } from '../contract/events.js';
import { runContract } from '../contract/run-contract.js';
import type { Clock } from '../core/clock.js';
import type { ReplayFinding } from '../diff/diff-report.js';
import { startMock } from '../http/start-mock.js';

/** The key the replay sends: a demo key, accepted by the mock of the bundled document and of any other. */
const REPLAY_KEY = 'demo-enterprise';
const REPLAY_SEED = 1;

/**
 * OLD's contract (the runner's default phases, one seed) against a mock of OLD and against a mock
 * of NEW, each started as `petstore-kit mock --spec` starts it, on an ephemeral port. The requests
 * that conform against OLD's mock and not against NEW's are what an old client meets after the
 * release; a case that fails on both says something about the mock or the runner, not the change.
 */
export async function replayOldContract(oldFile: string, newFile: string, clock?: Clock): Promise<ReplayFinding[]> {
  const [before, after] = [await runAgainstMock(oldFile, oldFile, clock), await runAgainstMock(oldFile, newFile, clock)];
  const passedBefore = new Set(before.cases.filter((result) => result.status === 'passed').map((result) => result.id));
  const findings = new Map<string, ReplayFinding>();
  for (const result of after.cases) {
    if (result.status !== 'failed' || !passedBefore.has(result.id)) continue;
    const keys = new Set<string>();
    for (const failure of result.failures) {
      const found = finding(result, failure);
      const key = `${found.operation}|${found.status}`;
      if (keys.has(key)) continue;
      keys.add(key);
      const seen = findings.get(key);
      if (seen) seen.cases = (seen.cases ?? 1) + 1;
      else findings.set(key, found);
    }
  }
  return [...findings.values()];
}

async function runAgainstMock(contractFile: string, servedFile: string, clock?: Clock): Promise<RunSummary> {
  const mock = await startMock({ port: 0, host: '127.0.0.1', specFile: servedFile, quiet: true, clock });
  try {
    return await runContract({ baseUrl: mock.url, spec: contractFile, apiKey: REPLAY_KEY, seed: REPLAY_SEED, maxDurationSeconds: 300 }, { clock });
  } finally {
    await mock.close();
  }
}

/** The request a failure names (its message starts with `METHOD /path`), else the case's last. */
function finding(result: CaseResult, failure: Failure): ReplayFinding {
  const named = (candidate: Exchange): boolean => failure.message.startsWith(`${candidate.request.method} ${new URL(candidate.request.url).pathname}`);
  const exchange =
    result.exchanges.find((candidate) => named(candidate) && failure.message.includes(`answered ${candidate.response.status}`)) ??
    result.exchanges.find(named) ??
    result.exchanges.at(-1);
  const url = exchange ? new URL(exchange.request.url) : undefined;
  // A refusal's own body says why (the mock names the field it wanted).
  const answer = exchange && exchange.response.status >= 400 && exchange.response.text ? `; the answer: ${exchange.response.text.replace(/\s+/g, ' ').slice(0, 200)}` : '';
  const said = `${failure.check}: ${failure.message}${answer}`;
  return {
    operation: exchange?.operationId ?? result.operationId,
    request: exchange && url ? `${exchange.request.method} ${url.pathname}${url.search}` : result.title,
    status: exchange?.response.status ?? 0,
    said: said.length > 400 ? `${said.slice(0, 400)}…` : said,
  };
}
