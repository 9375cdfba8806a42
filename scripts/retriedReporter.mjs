// A vitest reporter that names the tests which passed only on their second try (vitest.config.ts allows one retry),
// so a flaky test is listed at the end of `npm test` instead of passing unseen.
export default class RetriedReporter {
  retried = [];

  onTestCaseResult(testCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries === 0 || testCase.result().state !== 'passed') return;
    this.retried.push(`${testCase.module.moduleId.replace(`${process.cwd()}/`, '')} > ${testCase.fullName}`);
  }

  onTestRunEnd() {
    if (!this.retried.length) return;
    console.log(`\nPassed on a second try (flaky, look into them):\n${this.retried.map((n) => `  - ${n}`).join('\n')}`);
  }
}
