import type { Dow } from '../domain/catalog/availability';
/*
 * The answers of the customers' API as this page reads them (the areas' routesStorefront.ts). Types only: the page
 * ships no schema library, the server's schemas are the contract.
 */

export interface MediaImage {
  path: string;
  url: string;
  sizes: Record<string, string>;
}

export interface ShopPage {
  shop: {
    id: string;
    name: string;
    description: string;
    locality: string;
    logo: MediaImage | null;
    address: string | null;
    phone: string | null;
    phoneDisplay: string | null;
    country: string;
    currency: string;
    locale: string;
    timeZone: string;
  };
  state: {
    open: boolean;
    until: string | null;
    opens: string | null;
    paused: boolean;
    pausedUntil: string | null;
    extraMinutes: number;
    takesOrders: boolean;
  };
  checkout: {
    pickup: boolean;
    delivery: boolean;
    laterTime: boolean;
    sameDayOnly: boolean;
    maxDaysAhead: number;
    coupons: boolean;
    comments: boolean;
    cash: boolean;
    card: boolean;
    collectionName: { title: string; subtitle: string } | null;
    surcharge: { amount: number; percentage: number; minimumOrderValue: number } | null;
  };
  booking: BookingOptions | null;
  payment: { provider: 'simulated' } | { provider: 'stripe'; publishableKey: string; accountId: string } | { provider: 'none' };
}

export type Meal = 'breakfast' | 'lunch' | 'dinner';
export type Weekday = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';

/** How a customer may book a table (the `booking` settings as the page answer gives them); null: no bookings. */
export interface BookingOptions {
  showLink: boolean;
  minPax: number;
  maxPax: number;
  daysAhead: number;
  /** Days closed all day (YYYY-MM-DD): no session is offered on them. */
  closedDates: string[];
  days: Record<Weekday, { session: Meal; open: string; duration: number }[]>;
}

/** A booking as the customers' booking API answers it (server/areas/bookings/schemas.ts bookingResponse). */
export interface Booking {
  id: string;
  name: string;
  phone: string;
  pax: number;
  dateStr: string;
  timeStr: string;
  date: string;
  createdTime: string;
  status: 'NEW' | 'ACCEPTED' | 'REJECTED' | 'CANCELLED';
  specialRequest: string | null;
  rejectReason: string | null;
  noShow: boolean;
  session: Meal;
}

export interface Choice {
  name: string;
  extraCharge: number;
}
export interface Attribute {
  name: string;
  multiple: boolean;
  optional: boolean;
  min: number;
  max: number;
  values: Choice[];
}
export interface MenuItem {
  id: string;
  type: 'BASIC' | 'PIZZA' | 'DEAL';
  name: string;
  description: string;
  discounted: boolean;
  price: number;
  image: { aspectRatio: string; image: string } | null;
  attributes: Attribute[];
  sizes?: { name: string; price: number; hasHalfAndHalf: boolean }[];
  removeToppings?: string[];
  toppings?: { name: string; prices: Record<string, number> }[];
  dealItems?: { name: string; qty: number; attributes: Attribute[] }[];
  dealPizzas?: { size: string; qty: number; pizzas: { id: string; name: string; extraCharge: number }[] }[];
}
export interface Category {
  name: string;
  description: string;
  image: { aspectRatio: string; image: string } | null;
  items: MenuItem[];
  /** Sold out now: shown as such, never addable (absent from an older server's answer). */
  soldOut?: { id: string; name: string; description: string; price: number; image: { image: string } | null; until: string | null }[];
  /** The days and hours it is offered; null: always (absent from an older server's answer). */
  offered?: { dows: Dow[]; from: string; to: string } | null;
  /** False outside its hours: `items` is empty and `notOfferedNow` lists them, to show greyed. */
  offeredNow?: boolean;
  notOfferedNow?: { id: string; name: string; description: string; price: number; image: { image: string } | null }[];
}
export interface Menu {
  shop: { id: string; name: string; currency: string; timezone: string };
  categories: Category[];
  pizza: {
    hasHalfAndHalf: boolean;
    sizes: { name: string; hasHalfAndHalf: boolean; halfAndHalfExtraCharge: number }[];
    toppings: { name: string; prices: Record<string, number> }[];
  } | null;
  delivery: { minOrderValue: number; suburbs: { name: string; postcode: string; deliveryCharges: number }[] };
}

interface ServiceHours {
  open: boolean;
  nextOpening: string | null;
  slots: string[];
}
export interface Hours {
  timeZone: string;
  from: string;
  pickup: ServiceHours;
  delivery: ServiceHours;
}

export interface Post {
  id: string;
  title: string;
  description: string;
  price: number | null;
  images: { aspectRatio: string | null; images: MediaImage[] };
}

/** One cart line as POST …/quote and …/orders take it (domain/order.ts cartLineSchema). */
export interface CartLine {
  itemId: string;
  quantity: number;
  attributes?: { name: string; values: string[] }[];
  size?: string;
  addToppings?: string[];
  removeToppings?: string[];
  halves?: [HalfChoice, HalfChoice];
  dealItems?: { attributes?: { name: string; values: string[] }[] }[];
  dealPizzas?: { pizzaIds: string[] }[];
}
export interface HalfChoice {
  pizzaId?: string;
  addToppings?: string[];
  removeToppings?: string[];
}

export type CollectionType = 'PICKUP' | 'DELIVERY';
export type PaymentType = 'CASH' | 'CREDIT_CARD';
export interface DeliveryAddress {
  line1: string;
  suburb: string;
  postcode?: string;
}

/** The priced cart (server/areas/orders/schemas.ts quoteResponse). */
export interface Quote {
  currency: string;
  items: { itemId: string; name: string; summary: string; quantity: number; unitPrice: number; total: number }[];
  collectionType: string;
  collectionTime: string | null;
  paymentType: string;
  deliveryAddress: DeliveryAddress | null;
  subtotal: number;
  deliveryCharges: number;
  discount: number;
  creditCardSurcharge: number;
  creditCardSurchargeMessage: string | null;
  grandTotal: number;
  coupon: string | null;
}

/** An API refusal: { message, code, errors? }. */
export interface ApiError {
  status: number;
  message: string;
  code?: string;
  errors?: Record<string, string>;
}

/** The placement answer's parts the page reads (placedOrderResponse). */
export interface PlacedOrder {
  id: string;
  number: number;
  status: string;
  statusToken?: string;
  placedAt: string;
  grandTotal: number;
  collectionType: string;
  collectionTime: string | null;
  paymentType: string;
  customerName: string;
  /** Waiting for its time to reach the kitchen (an order for later than the shop's prep time). */
  scheduled?: boolean;
  cart: Quote;
}

export type OrderStage = 'placed' | 'accepted' | 'ready' | 'completed' | 'rejected' | 'cancelled' | 'payment_failed';

/** GET …/orders/{orderId}?token= (and each `status` event of its stream): the order as its customer reads it. */
export interface OrderStatus {
  id: string;
  number: number;
  shopName: string;
  status: string;
  stage: OrderStage;
  placedAt: string;
  readyAt: string | null;
  /** When the shop marked it ready (stage ready). */
  markedReadyAt?: string | null;
  /** The time a scheduled order is for, while it waits for the kitchen. */
  scheduledFor?: string | null;
  rejectReason: string | null;
  failureMessage?: string | null;
  payment: { type: string; outcome: string | null };
  lines: { name: string; quantity: number; choices: string; unitPrice?: number; total: number }[];
  totals: {
    subtotal: number;
    discount: number;
    loyaltyDiscount?: number;
    creditCardSurcharge: number;
    deliveryCharges: number;
    total: number;
  };
  collectionType: string;
  collectionTime: string | null;
  customerName: string;
}

/** Which page the URL names. */
export type Route =
  | { name: 'menu' }
  | { name: 'checkout' }
  | { name: 'status'; orderId: string; token: string }
  | { name: 'book' }
  | { name: 'booking'; bookingId: string; token: string };

/** What the server embeds in the page (#page-data) and renders it from; the client hydrates from the same. */
export interface PageData {
  shopId: string;
  /** The server's clock when it rendered: the first render on both sides reads it, so they agree. */
  now: string;
  route: Route;
  page: ShopPage;
  menu: Menu | null;
  hours: Hours | null;
  posts: Post[];
  billboards: MediaImage[];
  status: OrderStatus | null;
  /** On a booking's page: the booking, read with its cancel token. */
  booking: Booking | null;
}
