import type { z } from 'zod';
import type { Db } from '../db/client';
import type { ShopEvent } from './hub';

/**
 * Every event type an area writes, with its payload as delivered. An area adds its types beside its manifest's
 * `events` (`declare module '../../infra/events/registry'`), so writing a type no area declares fails the typecheck.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ShopEventPayloads {}

export type ShopEventType = keyof ShopEventPayloads & string;

/** What a stored event's data becomes on the stream, per shop, a batch at a time (null: nothing to deliver). */
export type Presenter<T> = (stored: Record<string, unknown>[], ctx: { shopId: string; db: Db }) => Promise<(T | null)[]>;

/** One event type as an area declares it. */
export interface ShopEventDeclaration<T = unknown> {
  /** One line for the API documentation. */
  description: string;
  /** The payload as the stream delivers it. */
  schema: z.ZodType<T>;
  /** Turns stored data into the payload at delivery; absent: the stored data is the payload. */
  present?: Presenter<T>;
}

export type ShopEventDeclarations = { [K in ShopEventType]?: ShopEventDeclaration<ShopEventPayloads[K]> };
export type EventRegistry = Record<string, ShopEventDeclaration>;

/** The event registry: every type the areas declare; a type declared twice stops the start. */
export function eventRegistry(areas: readonly { name: string; events?: ShopEventDeclarations }[]): EventRegistry {
  const registry: EventRegistry = {};
  for (const area of areas) {
    for (const [type, declaration] of Object.entries(area.events ?? {})) {
      if (Object.hasOwn(registry, type)) throw new Error(`Event type ${type} is declared twice (again by the ${area.name} area)`);
      registry[type] = declaration as ShopEventDeclaration;
    }
  }
  return registry;
}

/**
 * The hub's presenter for a registry: each page of stored events becomes what the stream delivers, one batch per type
 * (one read for a page however many subscribers it goes to). An undeclared type, or data its presenter cannot read
 * (a row of an older shape), is delivered without data: the client's last id still moves past it.
 */
export function registryPresenter(registry: EventRegistry, db: Db) {
  return async (shopId: string, events: ShopEvent[]): Promise<ShopEvent[]> => {
    const byType = new Map<string, number[]>();
    for (const [i, e] of events.entries()) byType.set(e.type, [...(byType.get(e.type) ?? []), i]);
    const out: ShopEvent[] = events.map((e) => ({ ...e }));
    for (const [type, indexes] of byType) {
      const declaration = Object.hasOwn(registry, type) ? registry[type] : undefined;
      if (!declaration) {
        for (const i of indexes) out[i].data = null;
        continue;
      }
      if (!declaration.present) continue;
      const presented = await declaration.present(
        indexes.map((i) => events[i].data ?? {}),
        { shopId, db },
      );
      indexes.forEach((i, n) => (out[i].data = (presented[n] ?? null) as ShopEvent['data']));
    }
    return out;
  };
}
