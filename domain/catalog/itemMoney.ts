import { fromCents, toCents } from '../money';

/*
 * Every amount inside an item document (attribute values, pizza sizes and toppings, deal pizzas), converted between
 * the API's currency units and the cents the database keeps. The one walk over those paths, used both ways.
 */
type Doc = Record<string, unknown>;
type Conv = (n: number) => number;

const num = (v: unknown, f: Conv) => (typeof v === 'number' ? f(v) : v);
const objs = (v: unknown): Doc[] => (Array.isArray(v) ? (v as Doc[]) : []);
const entries = (v: unknown): [string, unknown][] => (v && typeof v === 'object' ? Object.entries(v) : []);

const attributes = (v: unknown, f: Conv) =>
  objs(v).map((a) => ({ ...a, values: objs(a.values).map((x) => ({ ...x, extraCharge: num(x.extraCharge, f) })) }));

function convert(d: Doc, f: Conv): Doc {
  const out: Doc = { ...d };
  if ('attributes' in d) out.attributes = attributes(d.attributes, f);
  if ('sizes' in d)
    out.sizes = Object.fromEntries(entries(d.sizes).map(([k, s]) => [k, { ...(s as Doc), price: num((s as Doc).price, f) }]));
  if ('addToppings' in d)
    out.addToppings = objs(d.addToppings).map((t) => ({
      ...t,
      prices: Object.fromEntries(entries(t.prices).map(([k, p]) => [k, num(p, f)])),
    }));
  if ('dealItems' in d) out.dealItems = objs(d.dealItems).map((i) => ({ ...i, attributes: attributes(i.attributes, f) }));
  if ('dealPizzas' in d) {
    out.dealPizzas = objs(d.dealPizzas).map((p) => ({
      ...p,
      pizzas: Object.fromEntries(entries(p.pizzas).map(([id, x]) => [id, { ...(x as Doc), extraCharge: num((x as Doc).extraCharge, f) }])),
    }));
  }
  return out;
}

export const itemDocToCents = (d: Doc): Doc => convert(d, toCents);
export const itemDocFromCents = (d: Doc): Doc => convert(d, fromCents);
