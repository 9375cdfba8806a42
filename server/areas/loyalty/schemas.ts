import { z } from 'zod';

/** An order's loyalty line (console order record): what it did to its card and the card's progress. */
export const orderLoyaltyResponse = z
  .object({
    effect: z.enum(['STAMP', 'REDEEM']).nullable().describe('Earned a stamp, redeemed the reward, or nothing (yet, or taken back)'),
    amount: z.number().describe("REDEEM: the reward's value; STAMP: the stamp's worth (currency units)"),
    stamps: z.number().describe("The card's stamps now"),
    count: z.number().describe('Stamps a reward needs'),
    rewardReady: z.boolean().describe("The card is full: the customer's next order gets the reward"),
  })
  .nullable()
  .describe('Null while the program is off and the order did nothing to a card');

/** The customer's card as the order answer shows it, while the program is on. */
export const placedLoyaltyResponse = z.object({
  stamps: z.number(),
  count: z.number(),
  rewardApplied: z.boolean().describe("This order got the card's reward (cart.loyaltyDiscount)"),
});

export const redeemedCardResponse = z.object({
  id: z.string(),
  redeemedTime: z.string().describe('When the redeeming order was accepted (ISO)'),
  mobile: z.string().describe('E.164'),
  orderId: z.string().describe('The order that redeemed the reward'),
  amount: z.number().describe("The reward's value: the sum of its stamps' worth (currency units)"),
  rewards: z.array(
    z.object({
      orderId: z.string(),
      orderTime: z.string(),
      grandTotal: z.number(),
      amount: z.number().describe("The stamp's worth (currency units)"),
    }),
  ),
});

export const loyaltySummaryResponse = z.object({
  enabled: z.boolean(),
  count: z.number(),
  customersWithStamps: z.number(),
  fullCards: z.number(),
  owed: z.number().describe('The value of the rewards on full cards, earned and not yet redeemed (currency units)'),
});
