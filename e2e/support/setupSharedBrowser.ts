// Setup file of the e2e projects (e2e/vitest.config.ts, e2e/tests/compat/vitest.config.ts): their files share
// the worker's one Chromium (sharedBrowser.ts). Run before each file, in the module graph the files share.
import { shareBrowsers } from './sharedBrowser'

shareBrowsers()
