// `tsx bench/one.ts <name> <out.json>`: runs one benchmark and writes its result; bench/run.ts starts one per bench.
import fs from 'node:fs';
import { benches } from './list';

const [name, out] = process.argv.slice(2);
const run = benches[name];
if (!run || !out) {
  console.error(`usage: tsx bench/one.ts <${Object.keys(benches).join('|')}> <out.json>`);
  process.exit(2);
}
const result = await run();
fs.writeFileSync(out, JSON.stringify(result));
// A bench's pools, timers and embedded database are done with; nothing here is worth waiting for.
process.exit(0);
