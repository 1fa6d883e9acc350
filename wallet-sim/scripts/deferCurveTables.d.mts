// Types of scripts/deferCurveTables.mjs for the TypeScript that imports it (vite.config.ts, its test).
import type { Plugin } from 'vite'

/** @scure/starknet's ESM entry with its import-time tables deferred to first use. */
export declare function deferredScure(code: string): string
/** The Vite plugin that applies it to @scure/starknet. */
export declare function deferCurveTables(): Plugin
