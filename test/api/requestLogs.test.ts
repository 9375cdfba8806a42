import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app';

/** The demo's terminal (requestLogs off): no line per request, while the app's own log still shows. */
let ctx: TestContext;
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    requestLogs: false,
  });
});
afterAll(() => ctx?.close());

describe('request logs off', () => {
  it('logs no line for a request that succeeds or is not found, and keeps the app log', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
    ctx.app.log.info('app info');
    const messages = logLines.map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages).not.toContain('incoming request');
    expect(messages).not.toContain('request completed');
    expect(messages).toContain('app info');
  });
});
