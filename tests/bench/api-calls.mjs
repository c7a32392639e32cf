// Runs in Node, beside the page (page.mjs holds what runs inside it): what a bench page asks of the API.

/**
 * Watches the API requests of `page`: `authorization` is the last Authorization header sent, `gets` the path + query
 * of every GET (a caller empties it to watch one step).
 */
export function watchApiCalls(page) {
  const seen = { authorization: '', gets: [] };
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (req.headers().authorization) seen.authorization = req.headers().authorization;
    if (req.method() === 'GET') seen.gets.push(url.pathname + url.search);
  });
  return seen;
}
