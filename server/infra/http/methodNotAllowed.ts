import type { FastifyInstance } from 'fastify';

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

interface Node {
  statics: Map<string, Node>;
  param?: Node;
  /** Methods of a pattern ending here. */
  methods?: Set<string>;
  /** Methods of a pattern ending in a wildcard here. */
  wildcard?: Set<string>;
}

const node = (): Node => ({ statics: new Map() });
const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * The route patterns, each with every method it answers, matched the way the router matches (a static segment before
 * a parameter, a parameter before a wildcard), but across all methods: what path a request names, whatever its method.
 */
class PathTable {
  private root = node();

  add(url: string, methods: string[]) {
    let at = this.root;
    for (const segment of segmentsOf(url)) {
      if (segment === '*') {
        at.wildcard ??= new Set();
        for (const m of methods) at.wildcard.add(m);
        return;
      }
      if (segment.startsWith(':')) at = at.param ??= node();
      else {
        if (!at.statics.has(segment)) at.statics.set(segment, node());
        at = at.statics.get(segment)!;
      }
    }
    at.methods ??= new Set();
    for (const m of methods) at.methods.add(m);
  }

  methodsOf(path: string): Set<string> | undefined {
    return match(this.root, segmentsOf(path), 0);
  }
}

function match(at: Node, segments: string[], i: number): Set<string> | undefined {
  if (i === segments.length) return at.methods ?? at.wildcard;
  const exact = at.statics.get(segments[i]);
  const found = (exact && match(exact, segments, i + 1)) || (at.param && match(at.param, segments, i + 1));
  return found || at.wildcard;
}

const allowHeader = (methods: Set<string>) => {
  const all = new Set(methods);
  // Fastify answers HEAD wherever it answers GET.
  if (all.has('GET')) all.add('HEAD');
  return [...all].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).join(', ');
};

/**
 * A path the app knows, called with a method it does not answer there, is a 405 with the methods it does answer in
 * `Allow`, before anything else looks at the request (the guard would otherwise ask for a token, and a parametric
 * route of the wrong method would read a static segment such as `review` as an id). Register before any route.
 */
export function methodNotAllowed(app: FastifyInstance) {
  const table = new PathTable();
  app.addHook('onRoute', (opts) => table.add(opts.url, [opts.method].flat()));
  app.addHook('onRequest', async (req, reply) => {
    const methods = table.methodsOf(req.url.split('?')[0]);
    if (!methods || methods.has(req.method)) return;
    if (req.method === 'HEAD' && methods.has('GET')) return;
    const allow = allowHeader(methods);
    return reply
      .status(405)
      .header('Allow', allow)
      .send({ message: `${req.method} is not allowed here; this path answers ${allow}`, code: 'METHOD_NOT_ALLOWED' });
  });
}
