import path from 'node:path';
import type { Plugin } from 'vite';

/** Each output chunk's modules and their size in it (rendered source, before minifying): what a chunk holds. */
export type ChunkModules = Map<string, Map<string, number>>;

/** A build plugin that fills `into` with every chunk's modules as the bundle is written. */
export function recordChunkModules(into: ChunkModules): Plugin {
  return {
    name: 'bench:record-chunk-modules',
    generateBundle(_options, bundle) {
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        into.set(file, new Map(Object.entries(chunk.modules).map(([id, m]) => [id, m.renderedLength])));
      }
    },
  };
}

/** A module's owner, the unit worth reading in a size table: its npm package, or its folder in this repository. */
export function ownerOf(id: string, root: string): string {
  const bare = id.replace(/\?.*$/, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(bare);
  if (pkg) return pkg[1];
  const own = path.relative(root, bare);
  if (own.startsWith('..') || path.isAbsolute(own)) return bare.replace(/^\0/, '');
  const parts = own.split(path.sep);
  return parts.length > 2 ? `${parts.slice(0, 2).join('/')}/` : own;
}

/** The owners of the given chunks' modules with their rendered size summed, largest first. */
export function ownersBySize(modules: ChunkModules, files: readonly string[], root: string): [string, number][] {
  const sizes = new Map<string, number>();
  for (const file of files) {
    for (const [id, length] of modules.get(file) ?? []) {
      const owner = ownerOf(id, root);
      sizes.set(owner, (sizes.get(owner) ?? 0) + length);
    }
  }
  return [...sizes].sort((a, b) => b[1] - a[1]);
}
