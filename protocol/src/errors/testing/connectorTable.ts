// The connector's coded errors of issue 15 for the error-table test (kept apart so other helpers'
// additions to the table merge without conflicts).
import type { WebWalletError } from '../base'
import { UserGestureRequiredError } from '../connector'

export const CONNECTOR_TABLE: [WebWalletError, string, string, number?][] = [
  [new UserGestureRequiredError(), 'USER_GESTURE_REQUIRED', 'A user gesture is needed to open the wallet'],
]
