import { postBody } from '../../domain/post';
import { schemaResolver } from '../../src/components/forms/schemaResolver';

/** The server's own schema, so the form shows exactly the messages the API answers with. */
export const postResolver = schemaResolver(postBody);
