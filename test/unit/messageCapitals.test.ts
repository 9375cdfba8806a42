import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asSentence, format, messages } from '../../domain/messages';

/** The console shows every validation message through asSentence: each must then start with a capital letter. */
const startsWithCapital = (m: string) => /^[A-Z]/.test(asSentence(m));

/** Every domain module, loaded, so every zod schema it exports can be asked for its messages. */
const DOMAIN = path.resolve(__dirname, '../../domain');
const modules = fs
  .readdirSync(DOMAIN, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.join(DOMAIN, f));

/** Inputs wrong in every way a form can be wrong: nothing, the wrong type, empty, too long, negative, too big. */
const BAD_INPUTS: unknown[] = [undefined, null, {}, [], '', ' ', 'x', 'x'.repeat(5000), -1, 1.234, 10 ** 12, true, [{}]];

async function schemaMessages(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const file of modules) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (!(value instanceof z.ZodType)) continue;
      for (const input of BAD_INPUTS) {
        const result = await value.safeParseAsync(input).catch(() => null);
        for (const issue of result?.error?.issues ?? []) found.set(issue.message, `${path.basename(file)} ${name}`);
      }
    }
  }
  return found;
}

describe('validation messages start with a capital as the console shows them', () => {
  it('every message of the catalogue, its placeholders filled', () => {
    const filled = Object.entries(messages).map(([key, m]) => [key, format(m, new Proxy({}, { has: () => true, get: () => 'Name' }))]);
    expect(filled.filter(([, m]) => !startsWithCapital(m!))).toEqual([]);
  });

  it("every message the domain's zod schemas give for bad input", async () => {
    const found = await schemaMessages();
    expect(found.size).toBeGreaterThan(50);
    const lower = [...found].filter(([m]) => !startsWithCapital(m)).map(([m, where]) => `${where}: ${m}`);
    expect(lower).toEqual([]);
    // Loads every domain module first: seconds on a busy machine.
  }, 60_000);

  it('asSentence capitalises the first letter and keeps the rest word for word', () => {
    expect(asSentence('should be at least 3 characters')).toBe('Should be at least 3 characters');
    expect(asSentence('Password should be atleast 8 characters')).toBe('Password should be atleast 8 characters');
    expect(asSentence('')).toBe('');
  });
});
