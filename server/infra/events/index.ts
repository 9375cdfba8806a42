export { pgEventHub, EVENTS_CHANNEL, ACCESS_CHANNEL, type EventHub, type ShopEvent, type Subscriber } from './hub';
export { StreamTickets, STREAM_TICKET_SECONDS } from './tickets';
