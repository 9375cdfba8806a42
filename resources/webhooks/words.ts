type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An event type in plain words (resources.webhooks.events.*: order.placed is order_placed there). */
export const eventWords = (translate: Translate, type: string) =>
  translate(`resources.webhooks.events.${type.replace('.', '_')}`, { _: type });
