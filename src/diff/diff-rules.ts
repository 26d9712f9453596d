import type { ChangeLevel } from './change.js';

export interface DiffRule {
  id: string;
  level: ChangeLevel;
  /** What the rule finds, for docs/diff-rules.md. */
  what: string;
  /** A one-line example: old -> new. */
  example: string;
}

/**
 * Every rule `petstore-kit diff` applies. docs/diff-rules.md is this table (a test fails when they
 * differ), and every rule has a pair of documents in test/fixtures/diff/ that shows it.
 */
export const DIFF_RULES = [
  { id: 'operation-removed', level: 'breaking', what: 'an operation not marked deprecated is gone', example: '`DELETE /pets/{petId}` -> (none)' },
  { id: 'deprecated-operation-removed-before-sunset', level: 'breaking', what: 'a deprecated operation is gone before its `x-sunset` date', example: '`deprecated: true, x-sunset: 2099-01-01` -> (none)' },
  { id: 'deprecated-operation-removed-after-sunset', level: 'warning', what: 'a deprecated operation is gone once its `x-sunset` date has passed', example: '`deprecated: true, x-sunset: 2020-01-01` -> (none)' },
  { id: 'deprecated-operation-removed', level: 'warning', what: 'a deprecated operation with no `x-sunset` date is gone', example: '`deprecated: true` -> (none)' },
  { id: 'operation-added', level: 'info', what: 'a new operation', example: '(none) -> `GET /toys`' },
  { id: 'operation-deprecated', level: 'info', what: 'an operation is now marked deprecated', example: '`GET /pets/{petId}` -> `deprecated: true`' },
  { id: 'success-status-removed', level: 'breaking', what: 'a documented 2xx status (or the only success, `default`) is no longer documented', example: "DELETE `responses: {'200'}` -> `{'204'}`" },
  { id: 'response-status-added', level: 'info', what: 'a status is newly documented', example: "`{'200'}` -> `{'200', '422'}`" },
  { id: 'error-status-removed', level: 'info', what: 'a documented error status (not 2xx) is no longer documented', example: "`{'200', '405'}` -> `{'200'}`" },
  { id: 'request-parameter-added-required', level: 'breaking', what: 'a new required parameter', example: '(none) -> `?owner` required' },
  { id: 'request-parameter-made-required', level: 'breaking', what: 'an optional parameter is now required', example: '`?limit` optional -> required' },
  { id: 'request-parameter-added-optional', level: 'info', what: 'a new optional parameter', example: '(none) -> `?sort` optional' },
  { id: 'request-parameter-removed', level: 'warning', what: 'a parameter is no longer documented (a strict server may refuse it)', example: '`?tag` -> (none)' },
  { id: 'request-body-added-required', level: 'breaking', what: 'an operation that took no body now requires one', example: '(no body) -> `requestBody.required: true`' },
  { id: 'request-body-made-required', level: 'breaking', what: 'an optional request body is now required', example: '`required: false` -> `required: true`' },
  { id: 'request-media-type-removed', level: 'breaking', what: 'a request media type is no longer accepted', example: '`application/xml, application/json` -> `application/json`' },
  { id: 'request-property-added-required', level: 'breaking', what: 'a new required field in a request body', example: '`{name}` -> `{name, owner}` with `owner` required' },
  { id: 'request-property-made-required', level: 'breaking', what: 'an optional request field is now required', example: '`tag` optional -> required' },
  { id: 'request-property-added-optional', level: 'info', what: 'a new optional field in a request body', example: '`{name}` -> `{name, nickname?}`' },
  { id: 'request-property-removed', level: 'warning', what: 'a request field is no longer documented (a strict server may refuse it)', example: '`{name, tag}` -> `{name}`' },
  { id: 'request-enum-narrowed', level: 'breaking', what: 'a value a request could send is no longer in the enum', example: '`[available, pending, sold]` -> `[available, sold]`' },
  { id: 'request-enum-widened', level: 'info', what: 'a request enum takes more values', example: '`[a, b]` -> `[a, b, c]`' },
  { id: 'request-type-changed', level: 'breaking', what: 'a request value has a type that refuses what the old one took', example: '`type: string` -> `type: integer`' },
  { id: 'request-format-changed', level: 'breaking', what: 'a request string or number has a different format', example: '`format: int64` -> `format: int32`' },
  { id: 'response-property-removed', level: 'breaking', what: 'a field of a success answer is gone', example: '`{id, name, tag}` -> `{id, name}`' },
  { id: 'response-property-made-optional', level: 'breaking', what: 'a required field of a success answer is now optional', example: '`required: [id, name]` -> `required: [id]`' },
  { id: 'response-property-added', level: 'info', what: 'a new field in a success answer', example: '`{id, name}` -> `{id, name, tag}`' },
  { id: 'response-enum-widened', level: 'breaking', what: 'a success answer may hold a value the old enum did not have', example: '`[available, sold]` -> `[available, pending, sold]`' },
  { id: 'response-enum-narrowed', level: 'info', what: 'a success answer holds fewer enum values', example: '`[a, b, c]` -> `[a, b]`' },
  { id: 'response-type-changed', level: 'breaking', what: 'a success answer value has a type the old one did not allow', example: '`type: integer` -> `type: string`' },
  { id: 'response-format-changed', level: 'warning', what: 'a success answer value has a different format', example: '`format: date` -> `format: date-time`' },
  { id: 'response-media-type-removed', level: 'breaking', what: 'a success answer no longer comes in a media type it did', example: '`application/json, application/xml` -> `application/xml`' },
  { id: 'security-requirement-added', level: 'breaking', what: 'a credential the operation accepted is no longer enough (a scheme or scope is added, or security where there was none)', example: '`security: []` -> `security: [{api_key: []}]`' },
  { id: 'security-requirement-removed', level: 'info', what: 'the operation asks for less (or no) security', example: '`[{api_key: []}]` -> `[]`' },
  { id: 'server-url-changed', level: 'warning', what: "the first server URL (the base path clients call) changed", example: '`/v3` -> `https://petstore3.swagger.io/api/v3`' },
] as const satisfies readonly DiffRule[];

export type DiffRuleId = (typeof DIFF_RULES)[number]['id'];

const BY_ID = new Map<string, DiffRule>(DIFF_RULES.map((rule) => [rule.id, rule]));

export function ruleLevel(id: DiffRuleId): ChangeLevel {
  return BY_ID.get(id)!.level;
}

/** docs/diff-rules.md, made from the table above. */
export function diffRulesMarkdown(): string {
  const lines = [
    '# Rules of `petstore-kit diff`',
    '',
    'Generated from `src/diff/diff-rules.ts` (a test fails when this file and the table differ).',
    'Each rule has a pair of documents under `test/fixtures/diff/` differing in that one way.',
    '',
    '| rule | level | what it finds | example (old -> new) |',
    '| --- | --- | --- | --- |',
    ...DIFF_RULES.map((rule) => `| \`${rule.id}\` | ${rule.level} | ${rule.what} | ${rule.example} |`),
    '',
  ];
  return lines.join('\n');
}
