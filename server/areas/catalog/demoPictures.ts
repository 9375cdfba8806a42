import type { Services } from '../../infra/context';
import { storeDemoImage } from '../shops';

/*
 * The demo menu's pictures: one simple drawing per kind of dish (a cup, a croissant, a pizza...), made of shapes only
 * (no fonts, nothing downloaded) in the dish's own colours, on a square the image pipeline stores as an upload.
 */

const W = 600;
/** The pixels each picture is drawn at: more than the 300 px thumbnails the menus show, and quick to encode. */
const SIZE = 480;
const rot = (angle: number, x: number, y: number) => `transform="rotate(${angle} ${x} ${y})"`;
const svg = (background: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${W} ${W}">` +
  `<rect width="${W}" height="${W}" fill="${background}"/>${body}</svg>`;

/** A plate seen from above, what sits on it drawn after. */
const plate = (cx = 300, cy = 310, r = 230) =>
  `<circle cx="${cx}" cy="${cy + 8}" r="${r}" fill="#000" opacity="0.08"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="#fafafa"/>` +
  `<circle cx="${cx}" cy="${cy}" r="${r * 0.8}" fill="#f0f0f0"/>`;

const steam = (x: number, y: number) =>
  [0, 50, 100]
    .map(
      (dx) =>
        `<path d="M${x + dx} ${y}c-18 22 18 40 0 64" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.8"/>`,
    )
    .join('');

/** A cup on its saucer, from the side, its drink's top showing (with a heart of foam for milk coffees). */
function cup(o: { cup: string; drink: string; foam?: string; large?: boolean }) {
  const heart = o.foam
    ? `<path d="M300 248c-14-22-52-16-46 10c4 18 30 28 46 40c16-12 42-22 46-40c6-26-32-32-46-10z" fill="${o.foam}"/>`
    : `<ellipse cx="300" cy="250" rx="90" ry="14" fill="#000" opacity="0.15"/>`;
  return (
    steam(250, 110) +
    `<ellipse cx="300" cy="470" rx="200" ry="42" fill="#000" opacity="0.08"/><ellipse cx="300" cy="456" rx="200" ry="40" fill="#fafafa"/>` +
    `<ellipse cx="300" cy="450" rx="130" ry="22" fill="#e0e0e0"/>` +
    `<path d="M140 250h320l-30 160a40 40 0 0 1-40 32h-180a40 40 0 0 1-40-32z" fill="${o.cup}"/>` +
    `<path d="M452 290a48 48 0 0 1 0 96h-22l6-30h14a18 18 0 0 0 0-36h-6l6-30z" fill="${o.cup}"/>` +
    `<ellipse cx="300" cy="250" rx="160" ry="34" fill="${o.cup}"/><ellipse cx="300" cy="252" rx="140" ry="26" fill="${o.drink}"/>` +
    heart
  );
}

/** A glass mug of tea with the tag of its bag hanging over the side. */
function tea(o: { drink: string; tag: string }) {
  return (
    steam(250, 90) +
    `<rect x="170" y="200" width="240" height="280" rx="36" fill="#ffffff" opacity="0.55"/>` +
    `<rect x="186" y="240" width="208" height="224" rx="26" fill="${o.drink}"/>` +
    `<path d="M410 260a60 60 0 0 1 0 150" fill="none" stroke="#ffffff" stroke-width="26" opacity="0.7"/>` +
    `<path d="M250 200c0 40 -40 60 -50 110" fill="none" stroke="#fafafa" stroke-width="4"/>` +
    `<rect x="176" y="306" width="48" height="56" rx="6" fill="${o.tag}"/>`
  );
}

/** A tall glass with ice, bubbles and a straw. */
function soda(o: { drink: string; slice?: string }) {
  const bubbles = [
    [260, 420],
    [330, 380],
    [290, 330],
    [350, 450],
    [240, 360],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="#fff" opacity="0.6"/>`)
    .join('');
  return (
    `<path d="M350 70l-30 200" stroke="#ef5350" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="M190 150h220l-24 340a30 30 0 0 1-30 28h-112a30 30 0 0 1-30-28z" fill="#ffffff" opacity="0.6"/>` +
    `<path d="M200 210h200l-20 276a20 20 0 0 1-20 18h-120a20 20 0 0 1-20-18z" fill="${o.drink}"/>` +
    `<rect x="230" y="220" width="60" height="56" rx="10" fill="#fff" opacity="0.45" transform="rotate(-12 260 248)"/>` +
    `<rect x="300" y="230" width="56" height="52" rx="10" fill="#fff" opacity="0.45" transform="rotate(10 328 256)"/>` +
    bubbles +
    (o.slice ? `<circle cx="410" cy="170" r="56" fill="${o.slice}"/><circle cx="410" cy="170" r="44" fill="#fff59d"/>` : '')
  );
}

const egg = (cx: number, cy: number, r = 62) =>
  `<path d="M${cx - r} ${cy}c0-${r} ${r * 0.6}-${r * 1.05} ${r}-${r * 0.9}c${r * 0.8} 10 ${r * 1.1} ${r * 0.5} ${r * 0.9} ${r}` +
  `c-10 ${r * 0.7}-${r * 0.9} ${r * 0.95}-${r * 1.1} ${r * 0.8}c-${r * 0.5}-6-${r * 0.8}-${r * 0.4}-${r * 0.8}-${r * 0.9}z" fill="#fff"/>` +
  `<circle cx="${cx + 6}" cy="${cy + 4}" r="${r * 0.42}" fill="#ffb300"/>`;
const bacon = (x: number, y: number, angle: number) =>
  `<path d="M${x} ${y}c30-24 60 24 90 0s60 24 90 0v34c-30 24-60-24-90 0s-60-24-90 0z" fill="#c62828" ${rot(angle, x + 90, y)}/>` +
  `<path d="M${x} ${y + 14}c30-24 60 24 90 0s60 24 90 0" fill="none" stroke="#ffcdd2" stroke-width="6" ${rot(angle, x + 90, y)}/>`;
const toast = (x: number, y: number, w: number, h: number, top = '#d7a15b') =>
  `<path d="M${x} ${y + h}v-${h * 0.65}a${w / 2} ${h * 0.35} 0 0 1 ${w} 0v${h * 0.65}z" fill="#a1662f"/>` +
  `<path d="M${x + 12} ${y + h - 10}v-${h * 0.6}a${w / 2 - 12} ${h * 0.3} 0 0 1 ${w - 24} 0v${h * 0.6}z" fill="${top}"/>`;

/** Eggs, bacon, mushrooms, a tomato and toast on a plate. */
const breakfast = () =>
  plate() +
  egg(220, 250) +
  egg(330, 210, 56) +
  bacon(250, 360, -8) +
  `<circle cx="410" cy="300" r="40" fill="#e53935"/><circle cx="410" cy="300" r="20" fill="#ef9a9a"/>` +
  `<ellipse cx="180" cy="370" rx="36" ry="26" fill="#8d6e63"/><ellipse cx="200" cy="420" rx="30" ry="22" fill="#795548"/>` +
  `<g transform="rotate(-15 420 420)">${toast(370, 360, 110, 110)}</g>`;

/** Smashed avocado, feta and chilli on a slice of sourdough. */
const avoToast = () =>
  plate() +
  toast(170, 150, 260, 300, '#e6b872') +
  `<path d="M200 280c30-30 170-40 200 0c20 40 10 110-20 130c-40 20-130 20-160 0c-30-30-40-90-20-130z" fill="#9ccc65"/>` +
  [
    [240, 300],
    [330, 320],
    [280, 370],
    [360, 380],
  ]
    .map(([x, y]) => `<rect x="${x}" y="${y}" width="26" height="22" rx="5" fill="#fafafa"/>`)
    .join('') +
  [
    [270, 330],
    [320, 290],
    [310, 400],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="#e53935"/>`)
    .join('');

/** A thick slice of banana bread with a pat of butter. */
const loaf = () =>
  plate() +
  `<rect x="160" y="190" width="280" height="200" rx="26" fill="#5d4037"/>` +
  `<rect x="178" y="206" width="244" height="168" rx="18" fill="#a1662f"/>` +
  [
    [220, 250],
    [300, 300],
    [360, 240],
    [250, 330],
  ]
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="14" ry="8" fill="#6d4c41"/>`)
    .join('') +
  `<rect x="330" y="330" width="90" height="60" rx="10" fill="#fff59d"/>`;

/** A croissant: overlapping golden segments in a crescent, with almond flakes. */
const croissant = () =>
  plate() +
  [
    [170, 360, -50, 56],
    [225, 300, -30, 70],
    [300, 275, 0, 84],
    [375, 300, 30, 70],
    [430, 360, 50, 56],
  ]
    .map(
      ([x, y, a, r]) =>
        `<ellipse cx="${x}" cy="${y}" rx="${r * 0.75}" ry="${r}" fill="#f0a830" stroke="#b26a00" stroke-width="6" ${rot(a, x, y)}/>`,
    )
    .join('') +
  [
    [260, 270],
    [300, 250],
    [340, 275],
    [300, 300],
  ]
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="12" ry="6" fill="#fff8e1" transform="rotate(${x - 300} ${x} ${y})"/>`)
    .join('');

/** A bowl of leaves with croutons, shaved parmesan and halved eggs. */
const salad = () =>
  `<circle cx="300" cy="318" r="240" fill="#000" opacity="0.08"/><circle cx="300" cy="310" r="240" fill="#eceff1"/>` +
  [
    [220, 250, 80],
    [360, 240, 86],
    [250, 380, 84],
    [380, 370, 80],
    [300, 310, 90],
  ]
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#7cb342"/><circle cx="${x}" cy="${y}" r="${r * 0.6}" fill="#aed581"/>`)
    .join('') +
  [
    [230, 300],
    [340, 330],
    [300, 230],
    [390, 280],
  ]
    .map(([x, y]) => `<rect x="${x}" y="${y}" width="34" height="34" rx="6" fill="#d4a15a"/>`)
    .join('') +
  `<circle cx="260" cy="410" r="36" fill="#fff"/><circle cx="260" cy="410" r="16" fill="#ffb300"/>` +
  `<circle cx="360" cy="410" r="36" fill="#fff"/><circle cx="360" cy="410" r="16" fill="#ffb300"/>` +
  bacon(180, 190, 20);

/** A sliced baguette with green herb butter. */
const garlicBread = () =>
  plate() +
  `<g transform="rotate(-25 300 310)"><rect x="90" y="250" width="420" height="120" rx="60" fill="#c68a3e"/>` +
  [160, 230, 300, 370, 440]
    .map((x) => `<ellipse cx="${x}" cy="310" rx="28" ry="52" fill="#ffe082"/><circle cx="${x - 6}" cy="300" r="7" fill="#43a047"/>`)
    .join('') +
  '</g>';

/** A soft roll with bacon, egg and a leaf of lettuce. */
const roll = () =>
  plate() +
  `<path d="M140 300a160 110 0 0 1 320 0z" fill="#d39b4a"/>` +
  `<path d="M130 300h340c0 20-30 30-170 30s-170-10-170-30z" fill="#8bc34a"/>` +
  `<rect x="140" y="322" width="320" height="30" rx="15" fill="#c62828"/>` +
  `<rect x="150" y="350" width="300" height="26" rx="13" fill="#ffca28"/>` +
  `<path d="M140 380h320a160 60 0 0 1-320 0z" fill="#c68a3e"/>` +
  [220, 290, 360].map((x) => `<ellipse cx="${x}" cy="240" rx="10" ry="5" fill="#fff8e1"/>`).join('');

/** A pizza from above, in slices, with its toppings. */
function pizza(o: { toppings: { colour: string; shape: 'round' | 'leaf' | 'strip' }[]; cx?: number; cy?: number; r?: number }) {
  const { cx = 300, cy = 310, r = 240 } = o;
  const spots = [
    [-0.45, -0.35],
    [0.35, -0.45],
    [0.5, 0.15],
    [-0.15, 0.05],
    [-0.5, 0.3],
    [0.15, 0.5],
    [0.05, -0.6],
    [-0.15, -0.1],
    [-0.35, 0.6],
    [0.6, -0.15],
    [-0.65, -0.05],
    [0.3, 0.2],
  ];
  const marks = spots
    .map(([dx, dy], i) => {
      const t = o.toppings[i % o.toppings.length];
      const [x, y] = [cx + dx * r, cy + dy * r];
      if (t.shape === 'leaf')
        return `<ellipse cx="${x}" cy="${y}" rx="${r * 0.12}" ry="${r * 0.065}" fill="${t.colour}" ${rot(i * 40, x, y)}/>`;
      if (t.shape === 'strip')
        return (
          `<rect x="${x - r * 0.12}" y="${y - r * 0.04}" width="${r * 0.24}" height="${r * 0.08}" rx="${r * 0.04}" ` +
          `fill="${t.colour}" ${rot(i * 50, x, y)}/>`
        );
      return `<circle cx="${x}" cy="${y}" r="${r * 0.12}" fill="${t.colour}"/>`;
    })
    .join('');
  const cuts = [0, 60, 120]
    .map(
      (a) =>
        `<line x1="${cx - r * 0.88}" y1="${cy}" x2="${cx + r * 0.88}" y2="${cy}" stroke="#f5d27a" stroke-width="4" ${rot(a, cx, cy)}/>`,
    )
    .join('');
  return (
    `<circle cx="${cx}" cy="${cy + 6}" r="${r}" fill="#000" opacity="0.1"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="#d18b3c"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.86}" fill="#d84315"/><circle cx="${cx}" cy="${cy}" r="${r * 0.8}" fill="#ffe082"/>` +
    marks +
    cuts
  );
}

/** A deal: its pizzas (two at most drawn) on the left and its drinks standing on the right, each drawn smaller. */
function deal(pizzas: number, drinks: number, toppings: Parameters<typeof pizza>[0]['toppings']) {
  const spots =
    pizzas > 1
      ? [
          [190, 210],
          [300, 390],
        ]
      : [[230, 300]];
  const r = pizzas > 1 ? 140 : 190;
  const pies = spots.map(([cx, cy]) => pizza({ toppings, r, cx, cy })).join('');
  const glasses = Array.from(
    { length: drinks },
    (_, i) =>
      `<g transform="translate(${(drinks > 1 ? 360 : 400) + i * 80} ${240 + i * 30}) scale(0.36)">${soda({ drink: '#4e2a1e' })}</g>`,
  ).join('');
  return pies + glasses;
}

const PEPPERONI = [{ colour: '#b71c1c', shape: 'round' as const }];
const MARGHERITA = [
  { colour: '#fafafa', shape: 'round' as const },
  { colour: '#2e7d32', shape: 'leaf' as const },
];

/** Each demo item's picture (by the item's name), and its background colour. */
const PICTURES: Record<string, string> = {
  'Flat White': svg('#d7ccc8', cup({ cup: '#fafafa', drink: '#a47148', foam: '#f3e5d8' })),
  Latte: svg('#ffe0b2', cup({ cup: '#4e342e', drink: '#c8a27a', foam: '#fff8e1' })),
  Cappuccino: svg('#bcaaa4', cup({ cup: '#00897b', drink: '#efe1d1', foam: '#5d4037' })),
  'Long Black': svg('#ffecb3', cup({ cup: '#37474f', drink: '#3e2723' })),
  'Chai Latte': svg('#ffccbc', cup({ cup: '#bf360c', drink: '#d4a373', foam: '#f6e7d7' })),
  'English Breakfast Tea': svg('#c5e1a5', tea({ drink: '#a0522d', tag: '#f57f17' })),
  'Soft Drink': svg('#b3e5fc', soda({ drink: '#4e2a1e', slice: '#fbc02d' })),
  'Big Breakfast': svg('#fff3e0', breakfast()),
  'Smashed Avo': svg('#f1f8e9', avoToast()),
  'Avocado Toast': svg('#f1f8e9', avoToast()),
  'Banana Bread': svg('#fff8e1', loaf()),
  'Almond Croissant': svg('#ffe0b2', croissant()),
  'Chicken Caesar Salad': svg('#e8f5e9', salad()),
  'Garlic Bread': svg('#fff9c4', garlicBread()),
  'Bacon & Egg Roll': svg('#ffebee', roll()),
  Margherita: svg('#e8f5e9', pizza({ toppings: MARGHERITA })),
  Pepperoni: svg('#fff3e0', pizza({ toppings: PEPPERONI })),
  Capricciosa: svg(
    '#ede7f6',
    pizza({
      toppings: [
        { colour: '#f48fb1', shape: 'strip' },
        { colour: '#212121', shape: 'round' },
        { colour: '#8d6e63', shape: 'round' },
      ],
    }),
  ),
  Garden: svg(
    '#f9fbe7',
    pizza({
      toppings: [
        { colour: '#e53935', shape: 'strip' },
        { colour: '#7cb342', shape: 'leaf' },
        { colour: '#8e24aa', shape: 'strip' },
        { colour: '#fafafa', shape: 'round' },
      ],
    }),
  ),
  'Family Night': svg('#fbe9e7', deal(2, 1, PEPPERONI)),
  'Lunch for Two': svg('#e3f2fd', deal(1, 2, MARGHERITA)),
};

/** What an item without a drawing of its own shows: a pizza for a pizza, a plate for anything else. */
const fallback = (type: string) => (type === 'PIZZA' || type === 'DEAL' ? PICTURES.Margherita : svg('#eeeeee', plate()));

/** The drawing (an SVG document) of a demo item. */
export const demoPictureOf = (name: string, type: string) => PICTURES[name] ?? fallback(type);

/**
 * Stores the pictures of the named items as uploads of `ownerId` (re-encoded with their variants, as POST /uploads
 * would) and answers each item's image as the item's document holds it. A drawing two items share is encoded and
 * stored once; the encodings run side by side, so a menu's pictures cost about one picture's time per core.
 */
export async function storeDemoPictures(
  services: Services,
  ownerId: string,
  wanted: { name: string; type: string }[],
): Promise<Map<string, { aspectRatio: 'SQUARE'; image: string }>> {
  const drawings = new Map(wanted.map((w) => [w.name, demoPictureOf(w.name, w.type)]));
  const distinct = [...new Set(drawings.values())];
  const paths = await Promise.all(distinct.map((d) => storeDemoImage(services, ownerId, Buffer.from(d), 'SQUARE')));
  const pathOf = new Map(distinct.map((d, i) => [d, paths[i]!]));
  return new Map([...drawings].map(([name, d]) => [name, { aspectRatio: 'SQUARE' as const, image: pathOf.get(d)! }]));
}
