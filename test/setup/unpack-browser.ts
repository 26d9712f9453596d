import { chromiumExecutable } from '../helpers/browser.js';

/**
 * Unpacks the packaged Chromium once, before any test file runs: test files in parallel workers
 * then find it in place instead of racing to unpack it into the same path.
 */
export default async function setup(): Promise<void> {
  await chromiumExecutable();
}
