/**
 * Compression of the demo host's answers (issue 33): JavaScript, CSS, HTML and JSON (and any other compressible type)
 * are sent brotli- or gzip-encoded as the request's Accept-Encoding allows, with `Vary: Accept-Encoding`. Answers
 * under 1 KB go as they are. The identity provider's own pages (hijacked replies) are not compressed.
 */
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { constants } from 'node:zlib';

/** The encodings offered, the preferred first (deflate is left out: some clients mis-handle it). */
export const ENCODINGS = ['br', 'gzip'] as const;

/** Register compression on every route of `app`. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: [...ENCODINGS],
    threshold: 1024,
    // Quality 5: about gzip's speed with a smaller result; a chunk is compressed on each request (the demo keeps no cache).
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}
