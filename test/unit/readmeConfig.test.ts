import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appSchema } from '../../server/config';
import { areas } from '../../server/areas';

/** The README's environment table: each row's variable names, default cell and meaning cell. */
function readmeRows() {
  const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| variable |')));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names, defaultCell, meaning] = line.slice(2, -2).split(' | ');
      return { line, names: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]), defaultCell, meaning };
    });
}

const rows = readmeRows();
const rowOf = (name: string) => rows.find((r) => r.names.includes(name));
const areaVariables = areas.flatMap((area) => Object.entries(area.config?.variables ?? {}));

describe("README's environment table", () => {
  it('has a row for every app-wide variable, with its default', () => {
    for (const [name, schema] of Object.entries(appSchema.shape)) {
      const row = rowOf(name);
      expect(row, `README row for ${name}`).toBeDefined();
      if (schema instanceof z.ZodDefault) {
        const value = schema.def.defaultValue as unknown;
        expect(row!.defaultCell, `README default of ${name}`).toContain(`\`${String(value)}\``);
      }
    }
  });

  it("has every area's variable as the area declares it, word for word", () => {
    expect(areaVariables.length).toBeGreaterThan(0);
    for (const [name, variable] of areaVariables) {
      expect(rowOf(name)?.line, `README row for ${name}`).toBe(`| \`${name}\` | ${variable.default} | ${variable.readme} |`);
    }
  });

  it('names no variable that nothing declares', () => {
    const declared = new Set([...Object.keys(appSchema.shape), ...areaVariables.map(([name]) => name)]);
    expect(rows.flatMap((r) => r.names).filter((name) => !declared.has(name))).toEqual([]);
  });
});
