export type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from './types';
export { simulatedPayments, TEST_TOKENS } from './simulated';
