import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { sourceConditions } from '../scripts/sourceConditions.ts'

// The demo host app. `VITE_WALLET_URL` points it at a wallet-sim other than http://localhost:3005.
export default defineConfig({
  ...sourceConditions,
  root: import.meta.dirname,
  plugins: [react()],
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1024 },
})
