import type { Menu, MenuItem } from '../types';
import { fromPrice } from '../cart';
import { money, type Locale } from '../format';
import { words } from '../words';
import { mediaUrl } from './media';

export const categoryId = (i: number) => `category-${i}`;

/** The categories as links along the top, kept in view while the menu scrolls (plain anchors: they work before JavaScript). */
export function CategoryNav({ menu }: { menu: Menu }) {
  const cats = menu.categories.filter((c) => c.items.length);
  if (cats.length < 2) return null;
  return (
    <nav className="category-nav" aria-label={words.categories}>
      <ul>
        {menu.categories.map((c, i) =>
          c.items.length ? (
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

export function MenuList({
  menu,
  locale,
  onOpen,
  canOrder,
}: {
  menu: Menu;
  locale: Locale;
  onOpen: (item: MenuItem) => void;
  canOrder: boolean;
}) {
  const shown = menu.categories.filter((c) => c.items.length);
  if (!shown.length) return <p className="empty">{words.emptyMenu}</p>;
  return (
    <div className="menu">
      {menu.categories.map((c, i) =>
        c.items.length ? (
          <section key={i} id={categoryId(i)} className="category" aria-labelledby={`${categoryId(i)}-title`}>
            <h2 id={`${categoryId(i)}-title`}>{c.name}</h2>
            {c.description ? <p className="muted">{c.description}</p> : null}
            <ul className="items">
              {c.items.map((item) => (
                <ItemCard key={item.id} item={item} locale={locale} onOpen={onOpen} canOrder={canOrder} />
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </div>
  );
}
