/**
 * The browser of the browser tests. A system Chromium is used when there is one (Debian's
 * `/usr/bin/chromium`, or `PETSTORE_CHROMIUM`); otherwise the headless Chromium that comes with
 * `npm install` (@sparticuz/chromium, unpacked once into the temp folder), so `npm test` needs no
 * system browser (docs/decisions/022-browser-for-tests.md).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags for a headless Chromium on a closed network: no sandbox (root in CI), no background calls home. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--no-zygote', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function chromiumExecutable(): Promise<string> {
  const wanted = process.env.PETSTORE_CHROMIUM;
  if (wanted) {
    if (!existsSync(wanted)) throw new Error(`PETSTORE_CHROMIUM names ${wanted}, which does not exist`);
    return wanted;
  }
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const packaged = (await import('@sparticuz/chromium')).default;
  return packaged.executablePath();
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumExecutable(), args: CHROMIUM_ARGS });
}
