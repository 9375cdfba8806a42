// `npx tsx bench/profileSummary.ts <folder>`: sums the self time of the CPU profiles BENCH_PROFILE wrote, per side (app,
// bare) and per part of the code (the app's areas, domain and infra; zod, drizzle, pg, fastify; Node itself), so the
// extra time the app spends per request beside the bare handler can be read part by part.
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function partOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : 'node (native)';
  if (url.startsWith('node:')) return 'node (internals)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) {
    if (/^(pg|pg-protocol|pg-types|pg-pool|pg-cursor|postgres-)/.test(pkg)) return 'pg';
    if (/fastify|find-my-way|avvio|light-my-request|fast-json-stringify|secure-json-parse/.test(pkg)) return 'fastify';
    if (pkg === 'zod' || pkg === 'fastify-type-provider-zod') return 'zod';
    if (pkg === 'drizzle-orm') return 'drizzle';
    return `npm: ${pkg}`;
  }
  const local = /\/(server\/areas\/[^/]+|server\/infra|domain|bench)\//.exec(url)?.[1];
  return local ? `app: ${local}` : 'other';
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx bench/profileSummary.ts <folder of .cpuprofile files>');
const totals = new Map<string, Map<string, number>>();
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const side = file.replace(/-\d+\.cpuprofile$/, '');
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parts = totals.get(side) ?? new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const part = partOf(node.callFrame.url, node.callFrame.functionName);
    parts.set(part, (parts.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  totals.set(side, parts);
}
const sides = [...totals.keys()].sort();
const names = [...new Set(sides.flatMap((s) => [...totals.get(s)!.keys()]))].filter((n) => n !== '(idle)');
const busy = (s: string) => names.reduce((sum, n) => sum + (totals.get(s)!.get(n) ?? 0), 0);
const rows = names
  .map((n) => ({ part: n, ...Object.fromEntries(sides.map((s) => [`${s} ms`, Math.round(totals.get(s)!.get(n) ?? 0)])) }))
  .sort((a, b) => Number(Object.values(b)[1]) - Number(Object.values(a)[1]));
console.table(rows);
console.log(sides.map((s) => `${s}: ${Math.round(busy(s))} ms busy`).join(', '));
