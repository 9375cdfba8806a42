import type { MediaImage, Post } from '../types';
import { money, type Locale } from '../format';
import { words } from '../words';

/** The shop's billboards, a row that scrolls sideways; the first loads at once (it is likely the largest paint). */
export function Billboards({ images }: { images: MediaImage[] }) {
  if (!images.length) return null;
  return (
    <ul className="billboards" aria-label={words.news}>
      {images.map((img, i) => (
        <li key={img.path}>
          <img
            src={img.sizes['300'] ?? img.url}
            alt={words.billboard(i + 1, images.length)}
            width={300}
            height={150}
            loading={i === 0 ? 'eager' : 'lazy'}
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}

/** The live posts, compact: a title, a line of text, a price, a thumbnail. */
export function Posts({ posts, locale }: { posts: Post[]; locale: Locale }) {
  if (!posts.length) return null;
  return (
    <section className="posts" aria-labelledby="posts-title">
      <h2 id="posts-title">{words.news}</h2>
      <ul>
        {posts.slice(0, 3).map((p) => {
          const img = p.images.images[0];
          return (
            <li key={p.id} className="post">
              {img ? <img src={img.sizes['130'] ?? img.url} alt="" width={56} height={56} loading="lazy" decoding="async" /> : null}
              <div>
                <h3>{p.title}</h3>
                {p.description ? <p className="description">{p.description}</p> : null}
                {p.price !== null ? <p className="price">{money(p.price, locale)}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
