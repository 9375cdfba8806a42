import { describe, expect, it } from 'vitest';
import { messages } from '../../domain/messages';
import { areas } from '../../server/areas';
import { messagesRegistry } from '../../server/areas/types';

describe('the messages registry built from the areas', () => {
  it("holds the shared messages and every area's own", () => {
    const registry = messagesRegistry(areas, messages);
    expect(registry.passwordMin).toBe(messages.passwordMin);
    expect(registry.shortlinkNotFound).toBe('This short link does not exist.');
  });

  it('stops the start when a key is declared twice, by two areas or beside a shared message', () => {
    const area = (name: string, own: Record<string, string>) => ({ name, routes: {}, tables: {}, messages: own });
    expect(() => messagesRegistry([area('one', { tillClosed: 'a' }), area('two', { tillClosed: 'b' })], {})).toThrow(
      'Message tillClosed is declared twice (again by the two area)',
    );
    expect(() => messagesRegistry([area('one', { passwordMin: 'a' })], messages)).toThrow(/passwordMin is declared twice/);
  });
});
