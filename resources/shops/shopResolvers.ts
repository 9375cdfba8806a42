import { shopCreateBody, shopUpdateBody } from '../../domain/shop';
import { requiredMsg } from '../../domain/validation';
import { schemaResolver } from '../../src/components/forms/schemaResolver';

/** A missing logo reads 'Logo is required', like a missing logo path on the server. */
const messages = { logo: requiredMsg('Logo') };
export const shopCreateResolver = schemaResolver(shopCreateBody, { messages });
export const shopUpdateResolver = schemaResolver(shopUpdateBody, { messages });
