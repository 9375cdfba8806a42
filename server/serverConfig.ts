import { areas } from './areas';
import { loadConfig as loadConfigOf, type Config } from './config';

/** The server's validated settings: the app-wide ones and every area's (read from the environment by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return loadConfigOf(env, areas);
}
