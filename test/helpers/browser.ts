import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (CHROMIUM_PATH overrides); the e2e suites skip themselves without it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function hasChromium(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export const DESKTOP = { width: 1366, height: 850 };
export const PHONE = { width: 390, height: 844 };

/** A fresh browser profile (own cookies) at the given size; page errors are collected for assertions. */
export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
    // As a user who asked for less motion: nothing slides or grows under the pointer (the console honours it).
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(15_000);
  return { context, page, errors };
}

/**
 * Waits until the page has painted twice, so React has committed what it was rendering and run that render's effects
 * (a toast taken from the queue, a layout chosen for a new width), then until every running CSS animation and
 * transition has finished (a dialog fading in, a menu or toast fading out), at most `timeoutMs`: axe measures colours
 * as they are at that instant, and a half-faded element fails contrast.
 */
export async function settled(page: Page, timeoutMs = 2000): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(
    (ms) =>
      Promise.race([
        Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, ms)),
      ]),
    timeoutMs,
  );
}
