/**
 * What the app shell may use of free products: the "Get it free" button and dialog a free
 * product shows in place of Add to Cart and Buy Now.
 */
export { GetItFree } from './GetItFree.tsx'
