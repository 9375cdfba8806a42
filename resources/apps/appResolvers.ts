import { appBasicBody, appCreateBody } from '../../domain/apps';
import { requiredMsg } from '../../domain/validation';
import { zodResolver } from '../../src/components/zodResolver';

const overrides = { logo: requiredMsg('Logo') };
export const appCreateResolver = zodResolver(appCreateBody, overrides);
export const appBasicResolver = zodResolver(appBasicBody, overrides);
