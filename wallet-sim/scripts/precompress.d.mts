import type { Plugin } from 'vite'

/** A Vite plugin writing `<file>.br` and `<file>.gz` beside every text file of the build. */
export function precompress(): Plugin
