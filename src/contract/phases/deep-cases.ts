import type { Operation } from '../../spec/operation-index.js';
import { successStatuses } from '../documented-response.js';
import type { PlannedCase, Planner } from '../planner.js';
import { requestBodies, requestSchema } from '../sample-value.js';
import { boundaryCases } from './boundary-cases.js';
import { refusedStatuses } from './fuzz-phase.js';
import type { PhaseName } from './phase-options.js';
import { STATEFUL_MODELS } from './stateful-models.js';

/** The cases of the deep phases, phase by phase, after the examples and negative cases. */
export function deepCases(planner: Planner, selected: readonly Operation[], phases: readonly PhaseName[]): PlannedCase[] {
  const cases: PlannedCase[] = [];
  if (phases.includes('boundary')) for (const operation of selected) cases.push(...boundaryCases(planner, operation));
  if (phases.includes('stateful')) {
    for (const resource of planner.resources.values()) {
      if (!selected.includes(resource.create)) continue;
      const body = requestBodies(resource.create)[0]?.value;
      cases.push(
        planner.makeCase(resource.create, {
          id: `${resource.create.operationId}/stateful/${resource.name}-sequences`,
          title: `random sequences of create, read, update, delete and list of ${resource.collectionPath} agree with a model; lists checked as lists`,
          kind: 'stateful',
          request: planner.template(resource.create, 'api-key', body === undefined ? {} : { body }),
          ...planner.preparation(resource.create, body),
          expect: successStatuses(resource.create),
        }),
      );
    }
  }
  for (const model of phases.includes('stateful') ? STATEFUL_MODELS : []) {
    const anchorId = model.anchor(planner.index);
    const anchor = anchorId === undefined ? undefined : planner.index.byId(anchorId);
    if (!anchor || !selected.includes(anchor)) continue;
    const body = requestBodies(anchor)[0]?.value;
    cases.push(
      planner.makeCase(anchor, {
        id: `${anchor.operationId}/stateful/${model.name}`,
        title: model.title,
        kind: 'stateful',
        request: planner.template(anchor, 'api-key', body === undefined ? {} : { body }),
        expect: model.expect,
      }),
    );
  }
  if (phases.includes('fuzz')) {
    for (const operation of selected) {
      const generates = requestSchema(operation) !== undefined || operation.parameters.some((p) => p.in === 'query');
      if (!generates || successStatuses(operation).length === 0) continue;
      const body = requestBodies(operation)[0]?.value;
      const request = planner.template(operation, 'api-key', body === undefined ? {} : { body });
      const where = `${operation.method.toUpperCase()} ${operation.path}`;
      const preparation = planner.preparation(operation, body);
      cases.push(planner.makeCase(operation, { id: `${operation.operationId}/fuzz/valid`, title: `${where} with schema-valid generated inputs: no 5xx, documented statuses, schema-valid answers`, kind: 'fuzz', request, ...preparation, expect: [] }));
      if (refusedStatuses(operation).length > 0) {
        cases.push(planner.makeCase(operation, { id: `${operation.operationId}/fuzz/one-constraint-broken`, title: `${where} with inputs breaking exactly one constraint: a documented 4xx and no change of state`, kind: 'fuzz', request, ...preparation, expect: refusedStatuses(operation) }));
      }
    }
  }
  return cases;
}
