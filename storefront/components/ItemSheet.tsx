import { useId, useMemo, useState } from 'react';
import type { CartBody } from '../api';
import type { Attribute, CartLine, Menu, MenuItem } from '../types';
import { extra, money, type Locale } from '../format';
import { lineError, useQuote } from '../useQuote';
import { words } from '../words';
import { Sheet } from './Sheet';
import { mediaUrl } from './media';

interface Choices {
  quantity: number;
  attributes: Record<string, string[]>;
  size: string | undefined;
  half: boolean;
  otherHalf: string;
  add: string[];
  remove: string[];
  add2: string[];
  remove2: string[];
  dealItems: Record<string, string[]>[];
  dealPizzas: string[][];
}

/** A required single choice starts on its first value, so the first quote already prices something. */
const firstPicks = (attributes: Attribute[]) =>
  Object.fromEntries(attributes.map((a) => [a.name, a.min >= 1 && a.max === 1 && a.values[0] ? [a.values[0].name] : []]));

function initialChoices(item: MenuItem): Choices {
  return {
    quantity: 1,
    attributes: firstPicks(item.attributes),
    size: item.sizes?.[0]?.name,
    half: false,
    otherHalf: item.id,
    add: [],
    remove: [],
    add2: [],
    remove2: [],
    dealItems: (item.dealItems ?? []).map((d) => firstPicks(d.attributes)),
    dealPizzas: (item.dealPizzas ?? []).map((slot) => Array.from({ length: slot.qty }, () => slot.pizzas[0]?.id ?? '')),
  };
}

const picked = (attrs: Record<string, string[]>) =>
  Object.entries(attrs)
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => ({ name, values }));

/** The cart line the choices make, as the API takes it. */
function lineOf(item: MenuItem, c: Choices): CartLine {
  const line: CartLine = { itemId: item.id, quantity: c.quantity };
  const attributes = picked(c.attributes);
  if (attributes.length) line.attributes = attributes;
  if (item.type === 'PIZZA') {
    line.size = c.size;
    if (c.half) {
      line.halves = [
        { addToppings: c.add, removeToppings: c.remove },
        { ...(c.otherHalf !== item.id ? { pizzaId: c.otherHalf } : {}), addToppings: c.add2, removeToppings: c.remove2 },
      ];
    } else {
      if (c.add.length) line.addToppings = c.add;
      if (c.remove.length) line.removeToppings = c.remove;
    }
  }
  if (item.type === 'DEAL') {
    line.dealItems = c.dealItems.map((attrs) => ({ attributes: picked(attrs) }));
    line.dealPizzas = c.dealPizzas.map((pizzaIds) => ({ pizzaIds }));
  }
  return line;
}

const toggle = (list: string[], name: string, on: boolean) => (on ? [...list, name] : list.filter((n) => n !== name));

function AttributeChoices({
  attribute,
  value,
  onChange,
  locale,
}: {
  attribute: Attribute;
  value: string[];
  onChange: (v: string[]) => void;
  locale: Locale;
}) {
  const id = useId();
  const single = attribute.max === 1 && attribute.min === 1;
  const full = value.length >= attribute.max;
  return (
    <fieldset className="choices">
      <legend>
        {attribute.name}
        <span className="rule">
          {attribute.min > 0 ? words.required : words.optional} · {words.pickRule(attribute.min, attribute.max)}
        </span>
      </legend>
      {attribute.values.map((v) => {
        const checked = value.includes(v.name);
        return (
          <label key={v.name} className="choice">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={`${id}-${attribute.name}`}
              checked={checked}
              disabled={!single && !checked && full}
              onChange={(e) => onChange(single ? [v.name] : toggle(value, v.name, e.target.checked))}
            />
            <span>{v.name}</span>
            {v.extraCharge ? <span className="charge">{extra(v.extraCharge, locale)}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}

function Toppings({
  legend,
  toppings,
  size,
  value,
  onChange,
  locale,
}: {
  legend: string;
  toppings: { name: string; prices: Record<string, number> }[];
  size: string | undefined;
  value: string[];
  onChange: (v: string[]) => void;
  locale: Locale;
}) {
  if (!toppings.length) return null;
  return (
    <fieldset className="choices">
      <legend>{legend}</legend>
      {toppings.map((t) => (
        <label key={t.name} className="choice">
          <input type="checkbox" checked={value.includes(t.name)} onChange={(e) => onChange(toggle(value, t.name, e.target.checked))} />
          <span>{t.name}</span>
          {size && t.prices[size] ? <span className="charge">{extra(t.prices[size]!, locale)}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}

function Removals({
  legend,
  names,
  value,
  onChange,
}: {
  legend: string;
  names: string[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  if (!names.length) return null;
  return (
    <fieldset className="choices">
      <legend>{legend}</legend>
      {names.map((n) => (
        <label key={n} className="choice">
          <input type="checkbox" checked={value.includes(n)} onChange={(e) => onChange(toggle(value, n, e.target.checked))} />
          <span>{n}</span>
        </label>
      ))}
    </fieldset>
  );
}

export interface PriceContext {
  collectionType: CartBody['collectionType'];
  collectionTime: string | null;
  deliveryAddress?: CartBody['deliveryAddress'];
}

/** The item's choices in a dialog; the price is the server's quote of this one line, asked again as choices change. */
export function ItemSheet({
  shopId,
  item,
  menu,
  locale,
  priceContext,
  canOrder,
  onAdd,
  onClose,
}: {
  shopId: string;
  item: MenuItem | null;
  menu: Menu;
  locale: Locale;
  priceContext: PriceContext;
  canOrder: boolean;
  onAdd: (line: CartLine, name: string) => void;
  onClose: () => void;
}) {
  return (
    <Sheet open={item !== null} onClose={onClose} title={item?.name ?? ''} titleId="item-sheet-title">
      {item ? (
        <ItemChoices
          key={item.id}
          shopId={shopId}
          item={item}
          menu={menu}
          locale={locale}
          priceContext={priceContext}
          canOrder={canOrder}
          onAdd={onAdd}
        />
      ) : null}
    </Sheet>
  );
}

function ItemChoices({
  shopId,
  item,
  menu,
  locale,
  priceContext,
  canOrder,
  onAdd,
}: {
  shopId: string;
  item: MenuItem;
  menu: Menu;
  locale: Locale;
  priceContext: PriceContext;
  canOrder: boolean;
  onAdd: (line: CartLine, name: string) => void;
}) {
  const [c, setC] = useState<Choices>(() => initialChoices(item));
  const set = (patch: Partial<Choices>) => setC((prev) => ({ ...prev, ...patch }));
  const line = useMemo(() => lineOf(item, c), [item, c]);
  const body = useMemo<CartBody>(() => ({ items: [line], paymentType: 'CASH', ...priceContext }), [line, priceContext]);
  const priced = useQuote(shopId, canOrder ? body : null);

  const pizzas = useMemo(() => {
    const seen = new Map<string, MenuItem>();
    for (const cat of menu.categories) for (const i of cat.items) if (i.type === 'PIZZA') seen.set(i.id, i);
    return [...seen.values()];
  }, [menu]);
  const size = item.sizes?.find((s) => s.name === c.size);
  const halfOffered = !!size?.hasHalfAndHalf && !!menu.pizza?.hasHalfAndHalf;
  const halfSetting = menu.pizza?.sizes.find((s) => s.name === c.size);
  const otherHalves = pizzas.filter((p) => p.sizes?.some((s) => s.name === c.size && s.hasHalfAndHalf));
  const other = pizzas.find((p) => p.id === c.otherHalf) ?? item;

  const refusal = priced.state === 'refused' ? priced.error : undefined;
  const lineRefusal = lineError(refusal, 0);
  const quote = priced.state === 'priced' ? priced.quote : null;
  const total = quote?.items[0]?.total;
  const busy = priced.state === 'pending';
  const descId = useId();

  return (
    <form
      className="item-form"
      aria-describedby={item.description ? descId : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        if (lineRefusal || !canOrder) return;
        onAdd(line, item.name);
      }}
    >
      {item.image ? (
        <img className="sheet-image" src={mediaUrl(item.image.image, 300)} alt="" width={300} height={200} decoding="async" />
      ) : null}
      {item.description ? (
        <p id={descId} className="description">
          {item.description}
        </p>
      ) : null}

      {item.type === 'PIZZA' && item.sizes?.length ? (
        <fieldset className="choices">
          <legend>
            {words.size}
            <span className="rule">{words.required}</span>
          </legend>
          {item.sizes.map((s) => (
            <label key={s.name} className="choice">
              <input
                type="radio"
                name="size"
                checked={c.size === s.name}
                onChange={() => set({ size: s.name, half: c.half && s.hasHalfAndHalf, add: [], add2: [] })}
              />
              <span>{s.name}</span>
              <span className="charge">{money(s.price, locale)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      {item.type === 'PIZZA' && halfOffered ? (
        <fieldset className="choices">
          <legend>{words.halfAndHalf}</legend>
          <label className="choice">
            <input type="radio" name="half" checked={!c.half} onChange={() => set({ half: false })} />
            <span>{words.wholePizza}</span>
          </label>
          <label className="choice">
            <input type="radio" name="half" checked={c.half} onChange={() => set({ half: true })} />
            <span>{words.halfAndHalf}</span>
            {halfSetting?.halfAndHalfExtraCharge ? (
              <span className="charge">{extra(halfSetting.halfAndHalfExtraCharge, locale)}</span>
            ) : null}
          </label>
          {c.half ? (
            <label className="field">
              <span>{words.otherHalf}</span>
              <select value={c.otherHalf} onChange={(e) => set({ otherHalf: e.target.value, add2: [], remove2: [] })}>
                {otherHalves.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </fieldset>
      ) : null}

      {item.type === 'PIZZA' ? (
        <>
          <Toppings
            legend={c.half ? words.halfToppings(`${item.name} half`) : words.addToppings}
            toppings={item.toppings ?? []}
            size={c.size}
            value={c.add}
            onChange={(add) => set({ add })}
            locale={locale}
          />
          <Removals
            legend={c.half ? `${words.removeToppings} (${item.name} half)` : words.removeToppings}
            names={item.removeToppings ?? []}
            value={c.remove}
            onChange={(remove) => set({ remove })}
          />
          {c.half ? (
            <>
              <Toppings
                legend={words.halfToppings(`${other.name} half`)}
                toppings={other.toppings ?? []}
                size={c.size}
                value={c.add2}
                onChange={(add2) => set({ add2 })}
                locale={locale}
              />
              <Removals
                legend={`${words.removeToppings} (${other.name} half)`}
                names={other.removeToppings ?? []}
                value={c.remove2}
                onChange={(remove2) => set({ remove2 })}
              />
            </>
          ) : null}
        </>
      ) : null}

      {item.type === 'DEAL'
        ? (item.dealItems ?? []).map((d, i) => (
            <div key={`d${i}`} className="deal-part">
              <h3>{words.dealItem(d.name, d.qty)}</h3>
              {d.attributes.map((a) => (
                <AttributeChoices
                  key={a.name}
                  attribute={a}
                  value={c.dealItems[i]?.[a.name] ?? []}
                  onChange={(v) => set({ dealItems: c.dealItems.map((x, j) => (j === i ? { ...x, [a.name]: v } : x)) })}
                  locale={locale}
                />
              ))}
            </div>
          ))
        : null}
      {item.type === 'DEAL'
        ? (item.dealPizzas ?? []).map((slot, i) =>
            Array.from({ length: slot.qty }, (_, k) => (
              <label key={`p${i}-${k}`} className="field">
                <span>{words.dealPizza((item.dealPizzas ?? []).slice(0, i).reduce((n, s) => n + s.qty, 0) + k + 1, slot.size)}</span>
                <select
                  value={c.dealPizzas[i]?.[k] ?? ''}
                  onChange={(e) =>
                    set({ dealPizzas: c.dealPizzas.map((ids, j) => (j === i ? ids.map((id, m) => (m === k ? e.target.value : id)) : ids)) })
                  }
                >
                  {slot.pizzas.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.extraCharge ? `${p.name} (${extra(p.extraCharge, locale)})` : p.name}
                    </option>
                  ))}
                </select>
              </label>
            )),
          )
        : null}

      {item.attributes.map((a) => (
        <AttributeChoices
          key={a.name}
          attribute={a}
          value={c.attributes[a.name] ?? []}
          onChange={(v) => set({ attributes: { ...c.attributes, [a.name]: v } })}
          locale={locale}
        />
      ))}

      <div className="quantity" role="group" aria-label={words.quantity}>
        <button
          type="button"
          className="icon-button"
          aria-label={words.less}
          disabled={c.quantity <= 1}
          onClick={() => set({ quantity: c.quantity - 1 })}
        >
          −
        </button>
        <output aria-live="polite">{c.quantity}</output>
        <button
          type="button"
          className="icon-button"
          aria-label={words.more}
          disabled={c.quantity >= 99}
          onClick={() => set({ quantity: c.quantity + 1 })}
        >
          +
        </button>
      </div>

      <p className="sheet-status" role="status" aria-live="polite">
        {lineRefusal ?? (refusal && !lineRefusal ? refusal.message : busy ? words.pricing : '')}
      </p>
      <div className="sheet-actions">
        <button type="submit" className="primary wide" disabled={!canOrder || !!lineRefusal} aria-busy={busy}>
          {total !== undefined ? words.addToCart(money(total, locale)) : words.addToCartNoPrice}
        </button>
      </div>
    </form>
  );
}
