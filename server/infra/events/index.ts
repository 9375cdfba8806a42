export { pgEventHub, EVENTS_CHANNEL, ACCESS_CHANNEL, type EventHub, type EventPresenter, type ShopEvent, type Subscriber } from './hub';
export { StreamTickets, STREAM_TICKET_SECONDS } from './tickets';
export {
  eventRegistry,
  registryPresenter,
  type EventRegistry,
  type Presenter,
  type ShopEventDeclaration,
  type ShopEventDeclarations,
  type ShopEventPayloads,
  type ShopEventType,
} from './registry';
