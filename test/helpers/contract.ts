import zlib from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/*
 * The contract test: every answer an API test receives through `app.inject` is checked against the app's own
 * /api/openapi.json. The operation must be documented, its status documented (exactly, as nXX, or as `default`), its
 * content type one the status documents, and a JSON body valid against the documented schema. Streams (CSV, SSE) are
 * checked for their content type only. A violation fails the test that made the request (contractSetup.ts).
 */

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface Response {
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const violations: string[] = [];

/** What the recorder found since the last call, emptied. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

interface Template {
  template: string;
  pattern: RegExp;
  /** Literal segments sort first, as the router prefers them: `/shops/review` before `/shops/{shopId}`. */
  rank: string;
}

const templateOf = (template: string): Template => {
  const segments = template.split('/').filter(Boolean);
  const pattern = segments
    .map((s) => (s === '{path}' ? '.+' : s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    template,
    pattern: new RegExp(`^/${pattern}/?$`),
    rank: segments.map((s) => (s === '{path}' ? '2' : s.startsWith('{') ? '1' : '0')).join(''),
  };
};

/** The body as text, unzipped when the server sent it compressed. */
const decoded = (res: LightMyRequestResponse) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  return res.body;
};

const pointer = (...parts: string[]) => parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/** The compiled checks of one document (cached: every app a test process builds serves the same one). */
class Checker {
  private ajv = addFormats(new Ajv({ strict: false, allErrors: false, logger: false }));
  private templates: Template[];
  private validators = new Map<string, ValidateFunction>();

  constructor(private doc: Document) {
    this.ajv.addSchema(doc as unknown as Json, 'openapi.json');
    this.templates = Object.keys(doc.paths)
      .map(templateOf)
      .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  }

  private operation(method: string, path: string): { template: string; op: Operation } | undefined {
    for (const t of this.templates) {
      if (!t.pattern.test(path)) continue;
      const op = this.doc.paths[t.template][method.toLowerCase()];
      // The first template that matches names the path (as the router does); another method is a 405, undocumented.
      return op ? { template: t.template, op } : undefined;
    }
    return undefined;
  }

  private validator(template: string, method: string, status: string, mediaType: string): ValidateFunction {
    const ref = `openapi.json#/${pointer('paths', template, method, 'responses', status, 'content', mediaType, 'schema')}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }

  /** What is wrong with `res` as the answer to `method path`, or nothing. */
  check(method: string, path: string, res: LightMyRequestResponse): string | undefined {
    const found = this.operation(method === 'HEAD' ? 'GET' : method, path);
    if (!found) return undefined;
    const { template, op } = found;
    const status = String(res.statusCode);
    const where = `${method} ${template} (${op.operationId}) answered ${status}`;
    const key = [status, `${status[0]}XX`, 'default'].find((k) => k in op.responses);
    if (!key) return `${where}, which it does not document (documented: ${Object.keys(op.responses).join(', ')})`;
    if (method === 'HEAD' || res.rawPayload.length === 0) return undefined;
    const content = op.responses[key].content ?? {};
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    if (!(type in content))
      return `${where} as ${type || 'no content type'}; ${key} documents ${Object.keys(content).join(', ') || 'no body'}`;
    if (type !== 'application/json') return undefined;
    let body: unknown;
    try {
      body = JSON.parse(decoded(res));
    } catch {
      return `${where}: the body is not JSON`;
    }
    const validate = this.validator(template, method === 'HEAD' ? 'get' : method.toLowerCase(), key, type);
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
    return `${where}: the body does not match ${key}'s schema: ${errors}; body: ${res.body.slice(0, 300)}`;
  }
}

const checkers = new Map<string, Checker>();

function checkerFor(app: FastifyInstance): Checker {
  const text = JSON.stringify(app.swagger());
  let checker = checkers.get(text);
  if (!checker) {
    checker = new Checker(JSON.parse(text) as Document);
    checkers.set(text, checker);
  }
  return checker;
}

const pathOf = (opts: InjectOptions | string): string => {
  const url = typeof opts === 'string' ? opts : (opts.url ?? opts.path ?? '/');
  return (typeof url === 'string' ? url : (url.pathname ?? '/')).split('?')[0];
};

/**
 * Checks every answer `app.inject` gives (the promise form, which is every API test's) against the app's served
 * document. Call after `app.ready()`.
 */
export function recordContract(app: FastifyInstance): void {
  const checker = checkerFor(app);
  const inject = app.inject.bind(app) as (opts?: InjectOptions | string, callback?: unknown) => unknown;
  const recording = (opts?: InjectOptions | string, callback?: unknown) => {
    if (callback) return inject(opts, callback);
    const answer = inject(opts);
    // Given options, light-my-request answers a Chain: a thenable that runs the request when awaited.
    if (opts === undefined || typeof (answer as PromiseLike<unknown> | undefined)?.then !== 'function') return answer;
    const method = (typeof opts === 'string' ? 'GET' : (opts.method ?? 'GET')).toUpperCase();
    return Promise.resolve(answer as PromiseLike<LightMyRequestResponse>).then((res) => {
      const wrong = checker.check(method, pathOf(opts), res);
      if (wrong) violations.push(wrong);
      return res;
    });
  };
  (app as unknown as { inject: typeof recording }).inject = recording;
}
