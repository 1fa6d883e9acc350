// The page where a prompt the wallet's frame cannot prove visible is finished (ui/src/wallet/approvalWindow.ts):
// a top-level window the frame opens from the user's click. Served like the popup routes: nobody may frame it.

/**
 * The approval window's route on the wallet's origin.
 *
 * @example
 * window.open(`${location.origin}${APPROVAL_WINDOW_ROUTE}`, '_blank', 'popup')
 */
export const APPROVAL_WINDOW_ROUTE = '/approvalWindow'
