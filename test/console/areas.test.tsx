import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../providers/dataProvider';
import type { Area } from '../../src/contracts/area';
import { areas } from '../../src/areas';
import { mainPages, shopSections } from '../../src/sections';
import { dataProvider, i18nProvider, messages } from '../../src/providers';
import { en } from '../../src/i18n/en';

/** The console is built from one list of areas: every area's sections, methods and messages reach the shell. */
const list: readonly Area[] = areas;
const root = join(__dirname, '../..');
const folders = readdirSync(join(root, 'resources')).filter((f) => statSync(join(root, 'resources', f)).isDirectory());

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(f) ? [path] : [];
  });
}

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('the areas list (src/areas.ts)', () => {
  it('has one manifest per folder under resources/, named as the folder', () => {
    expect(list.map((a) => a.name).sort()).toEqual([...folders].sort());
  });

  it('puts every listed shop section under a sidebar heading, the overview alone above them', () => {
    const ungrouped = shopSections.filter((s) => !s.menu.hidden && !s.menu.group).map((s) => s.path);
    expect(ungrouped).toEqual(['overview']);
  });

  it("puts every area's methods on the dataProvider, and refuses two methods of one name", () => {
    const provider = dataProvider as unknown as Record<string, unknown>;
    for (const area of list)
      for (const [name, method] of Object.entries(area.api ?? {})) expect(provider[name], `${area.name}.${name}`).toBe(method);
    expect(typeof provider.getList).toBe('function');
    expect(typeof provider.getSetting).toBe('function');
    expect(() => createDataProvider({ getMenu: () => null }, { getMenu: () => null })).toThrow(
      'Two dataProvider methods are named getMenu',
    );
    expect(() => createDataProvider({ getSetting: () => null })).toThrow('Two dataProvider methods are named getSetting');
  });

  it("mounts each area's messages at resources.<area>: its labels, and its page words once fetched", async () => {
    for (const area of list) {
      for (const key of Object.keys(area.i18n ?? {})) expect(lookup(`resources.${area.name}.${key}`), key).toBeDefined();
      const words = (await area.words?.()) ?? {};
      for (const key of Object.keys(words)) expect(lookup(`resources.${area.name}.${key}`), `${area.name}.${key}`).toBeDefined();
    }
  });

  it('names every sidebar entry, page and tab title with a label the console has at start, before any page words', () => {
    const atStart = { ...en, resources: Object.fromEntries(list.map((a) => [a.name, a.i18n ?? {}])) };
    const keys = [...shopSections.map((s) => s.menu.label), ...mainPages.flatMap((p) => [p.title, ...(p.menu ? [p.menu.label] : [])])];
    expect(keys.length).toBeGreaterThan(20);
    for (const key of keys) {
      const label = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], atStart);
      expect(typeof label, key).toBe('string');
      expect(i18nProvider.translate(key)).not.toBe(key);
    }
  });

  it("has every word an area's start-up code names among its labels (its page words come later)", () => {
    // The files the console loads with the area's manifest: followed through static imports, not import().
    const startFiles = (entry: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(entry)) return seen;
      seen.add(entry);
      const code = readFileSync(entry, 'utf8');
      for (const [, spec] of code.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) {
        const base = join(entry, '..', spec);
        const file = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
          .map((ext) => base + ext)
          .find((f) => statSync(f, { throwIfNoEntry: false })?.isFile());
        if (file) startFiles(file, seen);
      }
      return seen;
    };
    const missing: string[] = [];
    for (const area of list) {
      if (!area.words) continue;
      for (const file of startFiles(join(root, 'resources', area.name, 'index.ts'))) {
        if (!file.includes(`/resources/${area.name}/`)) continue;
        for (const [key] of readFileSync(file, 'utf8').matchAll(new RegExp(`resources\\.${area.name}\\.[\\w.]*\\w`, 'g'))) {
          const label = key
            .split('.')
            .slice(2)
            .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], area.i18n);
          if (typeof label !== 'string') missing.push(`${file.slice(root.length + 1)}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds every message key the console names in its code', () => {
    const missing: string[] = [];
    for (const file of [...filesUnder(join(root, 'resources')), ...filesUnder(join(root, 'src'))]) {
      const code = readFileSync(file, 'utf8');
      // Whole keys ('resources.posts.menu') must be messages; a key completed at run time (`resources.staff.fields.${name}`)
      // needs its group. servery.* strings are also storage keys, so only those given to translate() count.
      // A component given its words as a group (words="resources.apikeys.created") completes the keys itself.
      const groups = new Set([...code.matchAll(/words=['"](resources\.[\w.]+)['"]/g)].map(([, key]) => key));
      const keys = [
        ...code.matchAll(/['"`](resources\.[\w.]+?)(\.\$\{|['"`])/g),
        ...code.matchAll(/translate\(['"`](servery\.[\w.]+?)(\.\$\{|['"`])/g),
      ];
      for (const [, key, open] of keys) {
        const found = open === '.${' || groups.has(key) ? typeof lookup(key) === 'object' : i18nProvider.translate(key) !== key;
        if (!found) missing.push(`${file.slice(root.length + 1)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
