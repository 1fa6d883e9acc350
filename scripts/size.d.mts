/** One output chunk of an entry's browser bundle (scripts/size.mjs). */
export interface Chunk {
  file: string
  /** Loaded with the page (the entry's chunk and its static imports), not on first use. */
  initial: boolean
  contents: Uint8Array
  minBytes: number
  gzipBytes: number
  modules: Array<{ module: string; minBytes: number }>
}

/** The chunks of an entry's minified, split browser bundle (starknet.js and React external). */
export function chunkGraph(
  entry: string,
  external?: string[],
  conditions?: string[],
): Promise<{ chunks: Chunk[] }>

/** Initial bytes (min, gzip) of an entry, and its total with the lazy chunks. */
export function measure(
  entry: string,
  external?: string[],
  conditions?: string[],
): Promise<{
  minBytes: number
  gzipBytes: number
  total: { minBytes: number; gzipBytes: number }
  chunks: number
  lazyChunks: number
}>
