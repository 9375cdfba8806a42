// The console's Content-Security-Policy allows no eval (script-src 'self'): zod would compile its parsers with
// new Function, be refused, and its probe for that shows in the browser as a policy violation. So it parses without
// compiling. Imported first by the entry, before any schema is made (a schema decides when it is made).
import { config } from 'zod';

config({ jitless: true });
