import { afterAll, expect, it } from 'vitest';

const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
const before = shared.__zod_globalConfig?.jitless;
afterAll(() => {
  if (shared.__zod_globalConfig) shared.__zod_globalConfig.jitless = before;
});

it("sets zod's no-eval parsing without importing zod, for zod loaded after it", async () => {
  await import('../../src/zodWithoutEval');
  const { config, z } = await import('zod');
  expect(config().jitless).toBe(true);
  // A schema made and used now never tries new Function (the browser would report each try as a policy violation).
  const realFunction = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(realFunction, {
    construct: (target, args: string[]) => {
      compiled += 1;
      return new target(...args);
    },
  });
  try {
    expect(z.object({ name: z.string() }).parse({ name: 'Servery' })).toEqual({ name: 'Servery' });
  } finally {
    globalThis.Function = realFunction;
  }
  expect(compiled).toBe(0);
});
