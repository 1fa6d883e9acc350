import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

// The demo host app. `VITE_WALLET_URL` points it at a wallet-sim other than http://localhost:3005.
export default defineConfig({
  // Workspace packages from their sources (the @webwallet/source export condition): no build of them first.
  resolve: { conditions: ['@webwallet/source', ...defaultClientConditions] },
  root: import.meta.dirname,
  plugins: [react()],
  server: { port: 5173, strictPort: true },
  // In docker compose the e2e browser asks for http://demo:5173: a Host name Vite must be told to answer.
  preview: { port: 5173, strictPort: true, allowedHosts: ['demo'] },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1024 },
})
