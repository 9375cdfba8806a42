// `npm run bench [name...]`: runs each benchmark, writes bench/results/<name>.json and prints a table.
// Benchmarks measure and print; no test asserts a time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchResult } from './types';

const benches: Record<string, () => Promise<BenchResult>> = {
  search: async () => (await import('./search')).run(),
  console: async () => (await import('./console')).run(),
  shopsList: async () => (await import('./shopsList')).run(),
  storefrontPosts: async () => (await import('./storefrontPosts')).run(),
  appDevices: async () => (await import('./apps')).runDevices(),
  appStats: async () => (await import('./apps')).runStats(),
  storefrontHours: async () => (await import('./storefrontHours')).run(),
  storefrontMenu: async () => (await import('./storefrontMenu')).run(),
  itemSearch: async () => (await import('./itemSearch')).run(),
  stripePayouts: async () => (await import('./stripePayouts')).run(),
  orderEvents: async () => (await import('./orderEvents')).run(),
  orderPlacement: async () => (await import('./orderPlacement')).run(),
  bookingPlacement: async () => (await import('./bookingPlacement')).run(),
  reports: async () => (await import('./reportsSummary')).run(),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !(w in benches));
if (unknown.length) {
  // A mistyped name would otherwise run nothing and exit 0, which reads as a bench that passed.
  console.error(`No benchmark named ${unknown.join(', ')}; the benchmarks are: ${Object.keys(benches).join(', ')}`);
  process.exit(1);
}
const outDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(outDir, { recursive: true });
const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  memGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  load1: os.loadavg()[0],
};

for (const [name, run] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  const result = await run();
  fs.writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify({ ...result, machine, at: new Date().toISOString() }, null, 2));
  console.log(
    `\n${result.name}  (${Object.entries(result.params)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')})`,
  );
  console.table(Object.fromEntries(Object.entries(result.metrics).map(([k, v]) => [k, { [result.unit]: Number(v.toFixed(3)) }])));
}
console.log(
  `machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memGiB} GiB, node ${machine.node}, load ${machine.load1.toFixed(2)}`,
);
process.exit(0);
