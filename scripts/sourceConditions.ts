// The `@webwallet/source` export condition for Vite and Vitest: inside this repository the workspace packages
// resolve to their TypeScript sources (package.json exports), so tests, the demo and `npm start` never need a
// build of protocol or shim first. Published users never set it and get dist/.
import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite'

export const SOURCE_CONDITION = '@webwallet/source'

export const sourceConditions = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
} satisfies UserConfig
