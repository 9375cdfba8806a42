import { z } from 'zod';

export const shopParams = z.object({ shopId: z.string().describe('Shop id (uuid)') });
export const messageResult = z.object({ message: z.string() });
