/** One output chunk of an entry's browser bundle (scripts/size.mjs). */
export interface Chunk {
  file: string
  /** Loaded with the page (the entry's chunk and its static imports), not on first use. */
  initial: boolean
  contents: Uint8Array
  minBytes: number
  /** Gzip (level 9) of this chunk alone, as a server sends it. */
  gzipBytes: number
  /** Brotli (quality 11) of this chunk alone. */
  brotliBytes: number
  modules: Array<{ module: string; minBytes: number }>
}

/** The chunks of an entry's minified, split browser bundle (starknet.js and React external). */
export function chunkGraph(
  entry: string,
  external?: string[],
  conditions?: string[],
): Promise<{ chunks: Chunk[] }>

/** Compressed bytes of a page's files: each file compressed alone, summed. */
export interface Served {
  gzipBytes: number
  brotliBytes: number
}

/** Initial bytes (min, gzip together, and as served) of an entry, and its total with the lazy chunks. */
export function measure(
  entry: string,
  external?: string[],
  conditions?: string[],
): Promise<{
  minBytes: number
  gzipBytes: number
  served: Served & { files: number }
  total: { minBytes: number; gzipBytes: number; served: Served }
  chunks: number
  lazyChunks: number
}>

/** One file of the entry built with code splitting off (every dynamic import inlined). */
export function unsplit(
  entry: string,
  external?: string[],
  conditions?: string[],
): Promise<{ minBytes: number; gzipBytes: number; modules: Array<{ module: string; minBytes: number }> }>
