// Builds the hosted wallet UI to wallet-sim/ui/dist (served by the wallet-sim express app).
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

const root = new URL('.', import.meta.url).pathname

export default defineConfig({
  // Workspace packages from their sources (the @webwallet/source export condition): no build of them first.
  resolve: { conditions: ['@webwallet/source', ...defaultClientConditions] },
  root,
  base: '/',
  plugins: [react()],
  build: { outDir: `${root}dist`, emptyOutDir: true, target: 'es2022' },
})
