import { postBody } from '../../domain/post';
import { zodResolver } from '../../src/components/zodResolver';

/** The server's own schema, so the form shows exactly the messages the API answers with. */
export const postResolver = zodResolver(postBody);
