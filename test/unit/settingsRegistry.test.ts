import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../domain/settings';
import { areas } from '../../server/areas';
import { settingsRegistry } from '../../server/areas/types';

describe('the settings registry built from the areas', () => {
  it('serves every kind the console knows, as domain/ defines it, and the busy state', () => {
    const registry = settingsRegistry(areas);
    for (const [name, kind] of Object.entries(SETTINGS)) expect(registry[name], name).toBe(kind);
    expect(Object.keys(registry).sort()).toEqual([...Object.keys(SETTINGS), 'orders_busy'].sort());
  });

  it('stops the start when two areas declare one kind', () => {
    const twice = [
      { name: 'one', routes: {}, tables: {}, settingsKinds: { pizza: SETTINGS.pizza } },
      { name: 'two', routes: {}, tables: {}, settingsKinds: { pizza: SETTINGS.pizza } },
    ];
    expect(() => settingsRegistry(twice)).toThrow('Settings kind pizza is declared twice (again by the two area)');
  });
});
