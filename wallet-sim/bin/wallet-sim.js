#!/usr/bin/env node
// Runs the wallet-sim CLI from its TypeScript sources (the package ships no build).
import { register } from 'tsx/esm/api'

register()
await import('../src/cli.ts')
