/** One built-CLI mock on a document for a whole test file: started before its tests, stopped after. */
import { afterAll, beforeAll } from 'vitest';
import { startMockProcess, type MockProcess } from './mock-processes.js';

export function useMockFor(document: string, args: string[] = []): { readonly url: string } {
  let mock: MockProcess | undefined;
  beforeAll(async () => {
    mock = await startMockProcess(['--spec', document, ...args]);
  }, 60_000);
  afterAll(async () => {
    await mock?.stop();
  });
  return {
    get url() {
      if (!mock) throw new Error('the mock has not started');
      return mock.url;
    },
  };
}
