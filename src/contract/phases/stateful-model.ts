import type { Operation, OperationIndex } from '../../spec/operation-index.js';
import type { CaseRun } from '../case-run.js';

/**
 * A model of one API's own rules, beyond what a document can say (the Petstore's section 7), run
 * as one more stateful case. Generic phases know models only through this shape; each model
 * checks that the document really has the operations it binds, and names them itself.
 */
export interface StatefulModel {
  /** The case id's last part: `<anchor operationId>/stateful/<name>`. */
  name: string;
  title: string;
  /** The operation the case is planned on (its fixtures come from that operation), when the document fits the model. */
  anchor(index: OperationIndex): string | undefined;
  expect: string[];
  /** As a DeepRunner (deep-runner.ts), spelt out here: deep-runner.ts reads the models, so importing its type would close a cycle. */
  run: (run: CaseRun, setUp: () => Promise<void>) => Promise<undefined>;
  /** Members a PUT of this operation keeps when its body leaves them out (the API's own rule; the generic model expects a replacement). */
  putKeeps?(index: OperationIndex, operation: Operation): readonly string[];
  /** Whether a record made by `create` may go on naming, in `field`, a record deleted after it (the API's own rule). */
  keepsReference?(index: OperationIndex, create: Operation, field: string, row: Readonly<Record<string, unknown>>): boolean;
}
