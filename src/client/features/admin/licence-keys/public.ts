/**
 * What other console domains may use of licence keys: a product's key policy (on the product
 * page) and an order's keys (on the order page). Anything else here is private.
 */
export { LicenceKeyPolicyPanel } from './LicenceKeyPolicyPanel.tsx'
export { OrderLicenceKeysPanel } from './OrderLicenceKeysPanel.tsx'
