import { Transform } from 'node:stream';

/**
 * Joins a stream of small text chunks into writes of about `bytes`: a CSV stringifier emits one line per row, and a
 * response written a line at a time pays a chunk header, a buffer and a share of a system call for each.
 */
export function coalesced(bytes = 64 * 1024): Transform {
  let parts: string[] = [];
  let size = 0;
  return new Transform({
    decodeStrings: false,
    transform(chunk: string | Buffer, _enc, done) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      parts.push(text);
      size += text.length;
      if (size < bytes) return done();
      const joined = parts.join('');
      parts = [];
      size = 0;
      done(null, joined);
    },
    flush(done) {
      done(null, parts.length ? parts.join('') : undefined);
    },
  });
}
