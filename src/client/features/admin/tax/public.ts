/**
 * What other console domains may use of tax: an order's invoice and credit notes (on the order
 * page). Anything else here is private.
 */
export { TaxDocumentsPanel } from './TaxDocumentsPanel.tsx'
