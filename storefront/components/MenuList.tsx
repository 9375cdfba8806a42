import type { Category, Menu, MenuItem } from '../types';
import { fromPrice } from '../cart';
import { money, when, type Locale } from '../format';
import { words } from '../words';
import { mediaUrl } from './media';
import { describeDayPart } from '../../domain/catalog/dayPartWords';

export const categoryId = (i: number) => `category-${i}`;

/** A category is shown while it has something to order, or something sold out or not offered now to say so about. */
const hasAny = (c: Category) => c.items.length > 0 || (c.soldOut?.length ?? 0) > 0 || (c.notOfferedNow?.length ?? 0) > 0;

/** The categories as links along the top, kept in view while the menu scrolls (plain anchors: they work before JavaScript). */
export function CategoryNav({ menu }: { menu: Menu }) {
  const cats = menu.categories.filter(hasAny);
  if (cats.length < 2) return null;
  return (
    <nav className="category-nav" aria-label={words.categories}>
      <ul>
        {menu.categories.map((c, i) =>
          hasAny(c) ? (
            <li key={i}>
              <a href={`#${categoryId(i)}`}>{c.name}</a>
            </li>
          ) : null,
        )}
      </ul>
    </nav>
  );
}

function ItemCard({
  item,
  locale,
  onOpen,
  canOrder,
}: {
  item: MenuItem;
  locale: Locale;
  onOpen: (item: MenuItem) => void;
  canOrder: boolean;
}) {
  const { price, from } = fromPrice(item);
  const shown = money(price, locale);
  return (
    <li className="item-card">
      <div className="item-text">
        <h3>{item.name}</h3>
        {item.description ? <p className="description">{item.description}</p> : null}
        <p className="price">
          {from ? words.from(shown) : shown}
          {item.discounted ? <span className="badge">{words.special}</span> : null}
        </p>
      </div>
      {item.image ? <img src={mediaUrl(item.image.image, 300)} alt="" width={96} height={96} loading="lazy" decoding="async" /> : null}
      <button type="button" className="item-open" aria-label={words.add(item.name)} disabled={!canOrder} onClick={() => onOpen(item)}>
        <span aria-hidden="true">+</span>
      </button>
    </li>
  );
}

/** An item sold out for now: its name and price as on any day, marked sold out (and when it is back), with nothing to press. */
function SoldOutCard({ item, locale, now }: { item: NonNullable<Category['soldOut']>[number]; locale: Locale; now: Date }) {
  const back = item.until ? words.backAt(when(new Date(item.until), now, locale, words)) : null;
  return (
    <li className="item-card sold-out">
      <div className="item-text">
        <h3>{item.name}</h3>
        {item.description ? <p className="description">{item.description}</p> : null}
        <p className="price">
          {money(item.price, locale)}
          <span className="badge badge-muted">{words.soldOut}</span>
        </p>
        {back ? <p className="muted back-at">{back}</p> : null}
      </div>
      {item.image ? <img src={mediaUrl(item.image.image, 300)} alt="" width={96} height={96} loading="lazy" decoding="async" /> : null}
    </li>
  );
}

/** An item of a category outside its hours: shown as on any day, greyed, with nothing to press. */
function NotNowCard({ item, locale }: { item: NonNullable<Category['notOfferedNow']>[number]; locale: Locale }) {
  return (
    <li className="item-card sold-out">
      <div className="item-text">
        <h3>{item.name}</h3>
        {item.description ? <p className="description">{item.description}</p> : null}
        <p className="price">
          {money(item.price, locale)}
          <span className="badge badge-muted">{words.notNow}</span>
        </p>
      </div>
      {item.image ? <img src={mediaUrl(item.image.image, 300)} alt="" width={96} height={96} loading="lazy" decoding="async" /> : null}
    </li>
  );
}

export function MenuList({
  menu,
  locale,
  now,
  onOpen,
  canOrder,
}: {
  menu: Menu;
  locale: Locale;
  now: Date;
  onOpen: (item: MenuItem) => void;
  canOrder: boolean;
}) {
  const shown = menu.categories.filter(hasAny);
  if (!shown.length) return <p className="empty">{words.emptyMenu}</p>;
  return (
    <div className="menu">
      {menu.categories.map((c, i) =>
        hasAny(c) ? (
          <section key={i} id={categoryId(i)} className="category" aria-labelledby={`${categoryId(i)}-title`}>
            <h2 id={`${categoryId(i)}-title`}>{c.name}</h2>
            {c.description ? <p className="muted">{c.description}</p> : null}
            {c.offered && c.offeredNow === false ? (
              <p className="muted offered-when" data-part="offered-when">
                {words.offeredWhen(describeDayPart(c.offered))}
              </p>
            ) : null}
            <ul className="items">
              {c.items.map((item) => (
                <ItemCard key={item.id} item={item} locale={locale} onOpen={onOpen} canOrder={canOrder} />
              ))}
              {c.soldOut?.map((item) => (
                <SoldOutCard key={item.id} item={item} locale={locale} now={now} />
              ))}
              {c.notOfferedNow?.map((item) => (
                <NotNowCard key={item.id} item={item} locale={locale} />
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </div>
  );
}
