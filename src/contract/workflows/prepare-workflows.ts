import type { OperationIndex } from '../../spec/operation-index.js';
import type { CaseSource } from '../engine.js';
import { bindWorkflows, type BoundWorkflows } from './bind-workflows.js';
import { loadWorkflowFile } from './load-workflow-file.js';
import { parseWorkflowInputs, secretInputs } from './workflow-inputs.js';
import { plannedStepCount, runWorkflows, type PreparedWorkflows } from './workflow-runner.js';

/**
 * `--workflows FILE` before the run starts: the file validated, every step bound to the --spec
 * document, the `--workflow-input` pairs read. Any mistake is a ContractRunError (exit 2).
 * Returns the engine's case source and the input values to mask in reports.
 */
export async function prepareWorkflows(file: string, inputPairs: readonly string[], index: OperationIndex, specFile: string): Promise<{ source: CaseSource; secrets: string[]; bound: BoundWorkflows }> {
  const loaded = await loadWorkflowFile(file);
  const bound = bindWorkflows(loaded, index, specFile);
  const inputs = parseWorkflowInputs(inputPairs, loaded.document);
  const prepared: PreparedWorkflows = { bound, inputs };
  return {
    source: { planned: plannedStepCount(prepared), run: (ctx, deadline) => runWorkflows(ctx, deadline, prepared) },
    secrets: secretInputs(loaded.document, inputs),
    bound,
  };
}
