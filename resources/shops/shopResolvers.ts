import { shopCreateBody, shopUpdateBody } from '../../domain/shop';
import { requiredMsg } from '../../domain/validation';
import { zodResolver } from '../../src/components/zodResolver';

/** A missing logo reads 'Logo is required', like a missing logo path on the server. */
const overrides = { logo: requiredMsg('Logo') };
export const shopCreateResolver = zodResolver(shopCreateBody, overrides);
export const shopUpdateResolver = zodResolver(shopUpdateBody, overrides);
