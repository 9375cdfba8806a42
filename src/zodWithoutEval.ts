// The console's Content-Security-Policy allows no eval (script-src 'self'): zod would compile its parsers with
// new Function, be refused, and its probe for that shows in the browser as a policy violation. So it parses without
// compiling. Imported first by the entry, before any schema is made (a schema decides when it is made).
// zod keeps its settings in one object on globalThis, so that every copy of zod shares them, made by whichever comes
// first, zod or this. Setting it here keeps zod out of the console's start: the schemas load with the pages that use
// them (test/unit/zodWithoutEval.test.ts checks that zod reads this).
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, { jitless: true });

export {};
