import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Wallet } from './Wallet'

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Wallet />
  </StrictMode>,
)
