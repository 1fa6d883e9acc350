// The app's last handler: a path no service serves (`GET /nope`, `/wallet/nope`) is a 404 in the services'
// words (`NOT_FOUND`, `No route GET /nope`) instead of express's bare "Cannot GET" page: a small page that
// points back to the index for browsers, `{error: {code, message}}` for every other client.
import type { Request, RequestHandler } from 'express'
import { escapeHtml } from '../../services/dev/html'

/** A browser navigation prefers text/html; `fetch` and curl (`*\/*`), and JSON clients, get JSON. */
function wantsPage(req: Request): boolean {
  return req.accepts(['application/json', 'text/html']) === 'text/html'
}

/**
 * @example
 * app.use(notFound) // after every service
 */
export const notFound: RequestHandler = (req, res) => {
  const message = `No route ${req.method} ${req.path}`
  res.status(404)
  if (!wantsPage(req)) {
    res.json({ error: { code: 'NOT_FOUND', message } })
    return
  }
  res.type('html').send(notFoundPage(message))
}

function notFoundPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Not found · wallet-sim</title>
<style>
:root{color-scheme:light dark;--fg:#1b1b1f;--muted:#5f6368;--card:#f4f4f6;--accent:#c2410c}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--muted:#a5a8b0;--card:#222228;--accent:#fb923c}}
body{font:15px/1.5 system-ui,sans-serif;color:var(--fg);margin:0;min-height:100vh;display:grid;place-items:center;padding:1rem;box-sizing:border-box}
main{max-width:28rem;padding:1.5rem 1.75rem;border-radius:16px;background:var(--card)}
.brand{color:var(--accent);font-size:12px;font-weight:700;letter-spacing:.08em;text-transform:uppercase}
h1{margin:.25rem 0 .5rem;font-size:1.5rem}p{margin:.5rem 0}code{word-break:break-all}
.note{color:var(--muted)}a{color:var(--accent);font-weight:600}
</style></head>
<body><main>
<p class="brand">wallet-sim · 404</p>
<h1>Nothing here</h1>
<p><code>${escapeHtml(message)}</code></p>
<p class="note">This address is not one of wallet-sim's services. <a href="/">The index</a> lists them all, <a href="/dev">/dev</a> the dev API.</p>
</main></body></html>`
}
