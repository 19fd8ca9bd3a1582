/**
 * What other console domains may use of the audit log: a record's "History" (the product and
 * order pages show theirs). Anything else here is private.
 */
export { AuditTrail } from './AuditTrail.tsx'
