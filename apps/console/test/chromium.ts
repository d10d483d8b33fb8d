import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, driven by playwright-core (no browser downloads here). Missing on a developer's
 * machine, the browser tests skip with a warning; missing in CI, they fail: CI must run them.
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const haveChromium = existsSync(executablePath);
if (!haveChromium && process.env.CI) {
  throw new Error(
    `CI is set but Chromium is missing at ${executablePath}: install it (apt-get install -y chromium).`,
  );
}
if (!haveChromium) {
  console.warn(`Skipping the browser tests: no Chromium at ${executablePath} (apt-get install -y chromium).`);
}

/**
 * Headless, with nothing reaching outside the machine (background networking, updates, sync off).
 * `extraArgs` lets a test map a made-up host name to loopback (`--host-resolver-rules`).
 */
export const launchChromium = (extraArgs: string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
