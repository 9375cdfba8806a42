import { appBasicBody, appCreateBody } from '../../domain/apps';
import { requiredMsg } from '../../domain/validation';
import { schemaResolver } from '../../src/components/forms/schemaResolver';

/** A missing logo reads 'Logo is required'; an outlet row's own error shows under the outlets list. */
const messages = { logo: requiredMsg('Logo') };
export const appCreateResolver = schemaResolver(appCreateBody, { messages });
export const appBasicResolver = schemaResolver(appBasicBody, { messages });
