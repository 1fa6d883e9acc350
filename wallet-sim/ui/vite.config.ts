// Builds the hosted wallet UI to wallet-sim/ui/dist (served by the wallet-sim express app).
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { sourceConditions } from '../../scripts/sourceConditions.ts'

const root = new URL('.', import.meta.url).pathname

export default defineConfig({
  ...sourceConditions,
  root,
  base: '/',
  plugins: [react()],
  build: { outDir: `${root}dist`, emptyOutDir: true, target: 'es2022' },
})
