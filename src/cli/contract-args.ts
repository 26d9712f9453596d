import { parseArgs } from 'node:util';
import { ContractRunError } from '../contract/contract-error.js';
import type { ContractOptionsInput } from '../contract/options.js';
import { REF_FLAG_OPTIONS, REF_FLAGS_USAGE, refOptionsFrom } from './ref-flags.js';

export const CONTRACT_USAGE = `usage: petstore-kit contract --base-url URL --api-key KEY [options]

Replays the OpenAPI document against a live server and reports what does not conform.

required:
  --base-url URL              the server to test, e.g. https://staging.example.com
  --api-key KEY               a read-write key, placed where the document's scheme says (its
                              apiKey header, query or cookie, else the bearer token); may be left
                              out when --auth-basic or --header authenticates, or when the
                              document asks for no credential

options:
  --spec FILE                 the OpenAPI 3.0, 3.1 or 3.2 (or Swagger 2.0) document (default: the
                              package's spec/petstore.yaml)
${REF_FLAGS_USAGE}  --tag T                     only operations with this tag (repeatable)
  --operation ID              only this operationId (repeatable)
  --skip-stability S          skip beta or experimental operations (repeatable)
  --readonly-key KEY          a read-only key: writing with it must answer 403 forbidden
  --include-rate-limit        also drive a key to 429 and check the rate-limit answers (runs last;
                              leaves that key limited for up to a minute)
  --rate-limit-key KEY        the key to drive to 429 (default: --api-key)
  --reporter R                console, json, junit or html (repeatable; default console)
  --out DIR                   where report files go (default ./contract-report)
  --max-wait S                total seconds to wait on the target's rate limits (default 120)
  --timeout S                 seconds to wait for one answer (default 10)
  --rate-limit N/s|N/m        send at most N requests a second (or minute), evenly spread; the
                              run also paces itself by the target's RateLimit / X-RateLimit-*
                              answers, so that it does not meet 429
  --auth-basic USER:PASS      credentials for the document's http basic schemes
  --header 'Name: value'      a header sent on every request (repeatable)
  --prerequisites FILE        calls to make before an operation, which the document cannot say
                              (repeatable; format: contracts/prerequisites.schema.json)
  --max-response-bytes N      stop reading an answer past N bytes after decompression; the case
                              fails with "response too large" (default 10485760, 10 MiB)
  --max-stream-items N        read a streamed answer (SSE, JSON Lines, json-seq) up to N items,
                              each checked against the item schema (default 100)
  --max-stream-seconds S      or for S seconds, whichever comes first (default 10)
  --max-duration S            end the run after S seconds; cases not started are reported as not
                              run and the run does not conform (default 900)
  --phases P,Q                examples, negative, boundary, stateful, fuzz (default
                              examples,negative,boundary)
  --seed N                    the seed of generated requests (printed by every run; the same
                              seed against the same server replays the same requests)
  --max-examples N            generated inputs or sequences per operation, fuzz and stateful
                              (default 50)
  --time-budget S             stop generating after S seconds and still report
  --workflows FILE            also run the Arazzo 1.0 workflows of FILE (each step a case, with
                              the same checks), before the document's own cases
  --workflow-input NAME=VALUE an input of those workflows (repeatable; VALUE read as JSON when it
                              is JSON); the inputs' schema defaults fill the rest
  --workflows-only            run the workflows and none of the document's own cases
  --allow-destructive         also send PUT, PATCH and DELETE to what this run did not create
  --paths-at-root             send the paths right under --base-url, without the document's server
                              path (basePath or the servers URL's path; Prism serves them so)
                              (collections, filters, singletons, ids from lists or examples);
                              by default those cases are skipped, and a shared server keeps its
                              records
  --dry-run                   print the plan (one line per request: phase, operation, check,
                              and 'destructive' where it applies) and send nothing
  --checks A,B                only these named checks (repeatable; default all of them)
  --exclude-checks A,B        not these named checks (repeatable)
  --list-checks               print the named checks, one a line (name, what it checks, its
                              basis), and send nothing
  --max-response-time MS      an answer slower than MS milliseconds fails max_response_time
  -h, --help                  this text

exit status: 0 every case conforms, 1 some case does not (or --max-duration cut the run short),
2 the run could not be made

examples:
  petstore-kit contract --base-url http://127.0.0.1:4010 --api-key demo-enterprise
  petstore-kit contract --spec api.yaml --base-url https://staging.example.com --api-key "$KEY" \\
    --reporter console --reporter junit --out reports
`;

/** `help` for what prints text and sends nothing: the usage, or with `listChecks` the named checks. */
export type ParsedContractArgs = { help: true; listChecks?: true } | { help: false; input: ContractOptionsInput };

/** argv (after `contract`) into options; every mistake is a ContractRunError naming the flag. */
export function parseContractArgs(argv: readonly string[]): ParsedContractArgs {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        spec: { type: 'string' },
        tag: { type: 'string', multiple: true },
        operation: { type: 'string', multiple: true },
        'skip-stability': { type: 'string', multiple: true },
        'readonly-key': { type: 'string' },
        'include-rate-limit': { type: 'boolean' },
        'rate-limit-key': { type: 'string' },
        reporter: { type: 'string', multiple: true },
        out: { type: 'string' },
        'max-wait': { type: 'string' },
        timeout: { type: 'string' },
        'rate-limit': { type: 'string' },
        'auth-basic': { type: 'string' },
        header: { type: 'string', multiple: true },
        prerequisites: { type: 'string', multiple: true },
        'max-response-bytes': { type: 'string' },
        'max-stream-items': { type: 'string' },
        'max-stream-seconds': { type: 'string' },
        'max-duration': { type: 'string' },
        phases: { type: 'string', multiple: true },
        seed: { type: 'string' },
        'max-examples': { type: 'string' },
        'time-budget': { type: 'string' },
        workflows: { type: 'string' },
        'workflow-input': { type: 'string', multiple: true },
        'workflows-only': { type: 'boolean' },
        'allow-destructive': { type: 'boolean' },
        'paths-at-root': { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        checks: { type: 'string', multiple: true },
        'exclude-checks': { type: 'string', multiple: true },
        'list-checks': { type: 'boolean' },
        'max-response-time': { type: 'string' },
        ...REF_FLAG_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    const first = ((err as Error).message.split('\n')[0] ?? '').split('. ')[0] ?? 'bad arguments';
    throw new ContractRunError(`${first.replace(/\.$/, '')} (see --help)`);
  }
  if (values.help) return { help: true };
  if (values['list-checks']) return { help: true, listChecks: true };
  const str = (name: string) => values[name] as string | undefined;
  const list = (name: string) => (values[name] as string[] | undefined) ?? [];
  if (str('base-url') === undefined) throw new ContractRunError('--base-url is required (see --help)');
  const input: ContractOptionsInput = {
    baseUrl: str('base-url')!,
    tags: list('tag'),
    operations: list('operation'),
    skipStability: list('skip-stability'),
    reporters: list('reporter'),
    includeRateLimit: values['include-rate-limit'] === true,
  };
  if (str('api-key') !== undefined) input.apiKey = str('api-key')!;
  if (str('auth-basic') !== undefined) input.authBasic = str('auth-basic')!;
  if (list('header').length > 0) input.headers = list('header');
  if (list('prerequisites').length > 0) input.prerequisites = list('prerequisites');
  if (str('spec') !== undefined) input.spec = str('spec')!;
  input.refs = refOptionsFrom(values as { 'ref-root'?: string; 'allow-remote-refs'?: boolean });
  if (str('readonly-key') !== undefined) input.readonlyKey = str('readonly-key')!;
  if (str('rate-limit-key') !== undefined) input.rateLimitKey = str('rate-limit-key')!;
  if (str('out') !== undefined) input.out = str('out')!;
  if (str('max-wait') !== undefined) input.maxWaitSeconds = number('--max-wait', str('max-wait')!);
  if (str('timeout') !== undefined) input.timeoutSeconds = number('--timeout', str('timeout')!);
  if (str('rate-limit') !== undefined) input.rateLimit = str('rate-limit')!;
  if (str('max-response-bytes') !== undefined) input.maxResponseBytes = number('--max-response-bytes', str('max-response-bytes')!, 'bytes');
  if (str('max-stream-items') !== undefined) input.maxStreamItems = number('--max-stream-items', str('max-stream-items')!, 'items');
  if (str('max-stream-seconds') !== undefined) input.maxStreamSeconds = number('--max-stream-seconds', str('max-stream-seconds')!);
  if (str('max-duration') !== undefined) input.maxDurationSeconds = number('--max-duration', str('max-duration')!);
  if (list('phases').length > 0) input.phases = list('phases');
  if (str('seed') !== undefined) input.seed = number('--seed', str('seed')!, 'whole number');
  if (str('max-examples') !== undefined) input.maxExamples = number('--max-examples', str('max-examples')!, 'examples');
  if (str('time-budget') !== undefined) input.timeBudgetSeconds = number('--time-budget', str('time-budget')!);
  if (str('workflows') !== undefined) input.workflows = str('workflows')!;
  if (list('workflow-input').length > 0) input.workflowInputs = list('workflow-input');
  if (values['workflows-only'] === true) input.workflowsOnly = true;
  if (values['allow-destructive'] === true) input.allowDestructive = true;
  if (values['paths-at-root'] === true) input.pathsAtRoot = true;
  if (values['dry-run'] === true) input.dryRun = true;
  if (values['checks'] !== undefined) input.checks = list('checks');
  if (list('exclude-checks').length > 0) input.excludeChecks = list('exclude-checks');
  if (str('max-response-time') !== undefined) input.maxResponseTimeMs = number('--max-response-time', str('max-response-time')!, 'milliseconds');
  return { help: false, input };
}

function number(flag: string, raw: string, unit = 'seconds'): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) throw new ContractRunError(`${flag} must be a number of ${unit} (got '${raw}')`);
  return value;
}
