// The dev pages' HTML: escaped text and one small self-contained page shell (no scripts, no external assets).
import type { Request } from 'express'

/** Text safe inside HTML elements and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** A whole page: `body` is trusted HTML built with {@link escapeHtml}. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}
table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.25rem .75rem .25rem 0;text-align:left;vertical-align:top}
code{font-size:13px;word-break:break-all}</style></head>
<body>${body}</body></html>`
}

/** The origin the client used (`http://localhost:3005`), for URLs it can follow. */
export function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`
}

/** Whether the client asked for JSON rather than a page (`Accept: application/json` before text/html). */
export function wantsJson(req: Request): boolean {
  return req.accepts(['text/html', 'application/json']) === 'application/json'
}
