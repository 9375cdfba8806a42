import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../domain/settings';
import { areas } from '../../server/areas';
import { settingsRegistry } from '../../server/areas/types';

describe('the settings registry built from the areas', () => {
  // An area may define its kind in its own files (orders_busy), so the registry holds more than SETTINGS.
  it('serves every kind the console knows, as domain/ defines it, and the busy state', () => {
    const registry = settingsRegistry(areas);
    for (const [name, kind] of Object.entries(SETTINGS)) expect(registry[name], name).toBe(kind);
    expect(registry.orders_busy).toBeDefined();
  });

  it('stops the start when two areas declare one kind', () => {
    const twice = [
      { name: 'one', routes: {}, tables: {}, settingsKinds: { pizza: SETTINGS.pizza } },
      { name: 'two', routes: {}, tables: {}, settingsKinds: { pizza: SETTINGS.pizza } },
    ];
    expect(() => settingsRegistry(twice)).toThrow('Settings kind pizza is declared twice (again by the two area)');
  });
});
