export type {
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  ProviderPayment,
  ProviderRefund,
  RefundRequest,
  RefundResult,
  TimeWindow,
} from './types';
export { simulatedPayments, TEST_TOKENS } from './simulated';
