import { z } from 'zod';

/**
 * A new shop's set-up checklist, in the order an owner takes it: each step is read from the shop's own data on the
 * server (the area that owns the data declares the rule), so a step is ticked by doing it, never by a click on the
 * list. Only 'share' is recorded as such: the owner copied or opened the ordering page's link.
 */
export const SETUP_STEPS = ['items', 'menu', 'hours', 'payments', 'review', 'share'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const setupSchema = z.object({
  steps: z
    .array(z.object({ key: z.enum(SETUP_STEPS), done: z.boolean() }))
    .describe(
      'In order: items (the shop has an item), menu (a menu category holds an item), hours (the opening hours were saved), ' +
        'payments (a card-payment account that can take charges), review (the shop was sent for review or is listed), ' +
        'share (someone of the shop copied or opened the ordering page link)',
    ),
  complete: z.boolean().describe('Every step is done: the console no longer shows the checklist'),
});
export type Setup = z.infer<typeof setupSchema>;

/** The settings kind under which the shop records that its ordering page was shared (not served as a settings document). */
export const SETUP_SHARED_KIND = 'setup.shared';
