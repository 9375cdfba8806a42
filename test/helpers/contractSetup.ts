import { afterEach } from 'vitest';
import { takeContractViolations } from './contract';

// The API project's contract test (contract.ts): the test whose requests got an answer the document does not allow
// fails with what was wrong.
afterEach(() => {
  const found = takeContractViolations();
  if (found.length) throw new Error(`The API answered outside its OpenAPI contract:\n- ${found.join('\n- ')}`);
});
