// The Chromium the browser benches drive: Debian's (CHROME_PATH), as the Playwright suite uses.
import { chromium, type Browser } from '@playwright/test';

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
