import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, PHONE, settled } from './browser';

export const TABLET = { width: 820, height: 1180 };

/** SCREENSHOT_DIR=dir keeps screenshots of the audited screens at phone, tablet and desktop width, to look at by hand. */
const shotsDir = process.env.SCREENSHOT_DIR;

/** Saves `name` at 390, 820 and 1366 px when SCREENSHOT_DIR is set; the page ends at desktop size. */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const [label, width] of [
    ['phone', PHONE.width],
    ['tablet', TABLET.width],
    ['desktop', DESKTOP.width],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

export interface AuditOptions {
  /** Parts of the page that are not what this audit is about (e.g. the shell's toasts). */
  exclude?: string[];
  /** Only these axe rule tags (e.g. WCAG 2.1 A/AA); every rule by default. */
  tags?: string[];
}

/**
 * axe on the page as the user sees it once it has settled (network idle, no tooltip left open by the last click, no
 * animation half way, so colours are measured as they end): nothing serious or critical. The findings are printed,
 * and with SCREENSHOT_DIR set the screen is saved at three widths.
 */
export async function audit(page: Page, name: string, opts: AuditOptions = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.mouse.move(0, 0);
  await page.locator('.MuiTooltip-popper').waitFor({ state: 'detached' });
  await settled(page);
  let builder = new AxeBuilder({ page });
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  if (opts.tags) builder = builder.withTags(opts.tags);
  const { violations } = await builder.analyze();
  const report = violations.map(
    (v) =>
      `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`,
  );
  if (report.length) console.log(`axe on ${name}:\n${report.join('\n')}`);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `serious or critical on ${name}`,
  ).toEqual([]);
  await screenshots(page, name);
}
