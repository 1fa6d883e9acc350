// The SNIP-12 messages the e2e suites have the wallet sign; their one home is protocol's testing module,
// shared with every workspace's unit tests.
export { greeting, type MailOptions, mail } from '../../protocol/src/typedData/testing/messages'
