// `npm run bench [name...]`: runs each benchmark, writes bench/results/<name>.json, prints its table as it ends and,
// at the end, every ratio to the bare baseline in one table. Benchmarks measure and print; no test asserts a time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benches } from './list';
import type { BenchResult } from './types';

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !(w in benches));
if (unknown.length) {
  // A mistyped name would otherwise run nothing and exit 0, which reads as a bench that passed.
  console.error(`No benchmark named ${unknown.join(', ')}; the benchmarks are: ${Object.keys(benches).join(', ')}`);
  process.exit(1);
}
const outDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(outDir, { recursive: true });
const machine = () => ({
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  memGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  load1: os.loadavg()[0],
});
const tsx = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx');

const ratios: Record<string, Record<string, number>> = {};
const failed: string[] = [];
for (const name of Object.keys(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  // A process per bench: whatever one leaves behind (a pool whose database was stopped, a timer, a socket) dies with
  // it instead of failing the next one.
  const out = path.join(outDir, `.${name}.partial.json`);
  fs.rmSync(out, { force: true });
  const child = spawnSync(tsx, [path.join(import.meta.dirname, 'one.ts'), name, out], { stdio: 'inherit' });
  if (child.status !== 0 || !fs.existsSync(out)) {
    console.error(`\n${name}: failed (exit ${child.status ?? child.signal})`);
    failed.push(name);
    continue;
  }
  const result = JSON.parse(fs.readFileSync(out, 'utf8')) as BenchResult;
  fs.rmSync(out);
  const kept = { ...result, machine: machine(), at: new Date().toISOString() };
  fs.writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify(kept, null, 2));
  console.log(
    `\n${result.name}  (${Object.entries(result.params)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')})`,
  );
  console.table(Object.fromEntries(Object.entries(result.metrics).map(([k, v]) => [k, { [result.unit]: Number(v.toFixed(3)) }])));
  const own = Object.entries(result.metrics).filter(([k]) => /ratio/i.test(k));
  if (own.length) ratios[name] = Object.fromEntries(own.map(([k, v]) => [k, Number(v.toFixed(3))]));
}

if (Object.keys(ratios).length) {
  console.log('\nEvery ratio to the bare baseline (req/s: higher is better; p99: lower is better)');
  console.table(ratios);
}
const m = machine();
console.log(`machine: ${m.cpus} × ${m.cpuModel}, ${m.memGiB} GiB, node ${m.node}, load ${m.load1.toFixed(2)}`);
if (failed.length) console.error(`failed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
