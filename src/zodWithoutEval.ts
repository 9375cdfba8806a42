// The console's Content-Security-Policy allows no eval (script-src 'self'): zod would compile its parsers with
// new Function, be refused, and its probe for that shows in the browser as a policy violation. So it parses without
// compiling. Imported first by the entry, before any schema is made (a schema decides when it is made).
// From zod's core, which holds the one setting every copy of zod reads: 'zod' itself would bring all of zod into the
// start chunk, while the console's schemas load with the pages (forms) that use them.
import { config } from 'zod/v4/core';

config({ jitless: true });
