/**
 * The cart store (Zustand): lines, drawer state, promo and loading flags, with every cart
 * action (add, remove, set quantity, clear, promo). Rules come from shared/cart-rules.ts; money is computed by shared/pricing.ts. A
 * guest's cart is saved in localStorage under `als_cart`; a signed-in shopper's cart lives on
 * the server (mode "server") and is never written to localStorage, so signing out cannot
 * leave a copy behind to be merged twice. Server write-through lives in use-cart-actions.ts.
 * The cart's state lives below the features (src/client/cart-state/): the cart's own screens, the
 * catalog's Add to Cart and checkout, which charges for the cart, all read and change it here.
 */
import { create } from 'zustand'
import { checkAdd, checkUpdate, lineKey, quantityCap, type QuantityCheck } from '../../shared/cart-rules.ts'
import type { CodeTerms } from '../../shared/contract/cart.ts'
import { parseStoredCartItem, parseStoredPromoTerms, type CartItem } from './cart-item.ts'

export const CART_STORAGE_KEY = 'als_cart'
/** The drawer's element id, named by the cart button's aria-controls. */
export const CART_DRAWER_ID = 'cart-drawer'

export type CartMode = 'local' | 'server'

/**
 * A refused code's sentence and who refused it: the Apply button (announced where the shopper
 * typed), or checkout (whose error box already announces it, so the promo field only shows it).
 */
export interface PromoRefusalNote {
  message: string
  source: 'apply' | 'checkout'
}

export interface CartState {
  items: CartItem[]
  isOpen: boolean
  promoCode: string | null
  /** Promo discount as a fraction of the subtotal (0.1 = 10 %); 0 without a promo. */
  discount: number
  /** The subtotal the applied code needs (0: none); below it the discount is not given (cart-promo.ts). */
  promoMinSubtotalCents: number
  /** What the applied code takes off which lines (a fixed amount, limited to products or categories); null: `discount` off every line. */
  promoTerms: CodeTerms | null
  /** A limited code's sentence ("SPRING applies to Drum Kits only"), shown while it covers none of the lines. */
  promoScope: string | null
  /** Why the last code was refused, shown under the promo input until the shopper types or applies. */
  promoRefusal: PromoRefusalNote | null
  /** The server cart is being read. */
  isLoading: boolean
  /** The sign-in merge is running; cart actions wait for it. */
  isSyncing: boolean
  mode: CartMode

  /** Adds a line or increases the line with the same id and license type; opens the drawer. */
  addItem: (item: Omit<CartItem, 'quantity'>, quantity?: number) => QuantityCheck
  removeItem: (id: string, licenseType: string) => void
  /** Sets a line's quantity; 0 or less removes the line. */
  updateQuantity: (id: string, licenseType: string, quantity: number) => QuantityCheck
  /** Sets a pay-what-you-want line's amount for one unit (the caller checks it against the minimum). */
  setChosenPrice: (id: string, licenseType: string, priceCents: number) => void
  /** Empties the cart and drops the promo code and discount. */
  clearCart: () => void
  toggleCart: () => void
  setCartOpen: (open: boolean) => void
  setPromo: (code: string, discount: number, minSubtotalCents?: number, terms?: CodeTerms | null, scope?: string | null) => void
  removePromo: () => void
  /** Drops the code and its discount, keeping the sentence that says why it was refused. */
  refusePromo: (message: string, source?: PromoRefusalNote['source']) => void
  clearPromoRefusal: () => void
  /** Replaces the lines with the guest cart saved in localStorage. */
  loadFromStorage: () => void
  /** Replaces the lines with the server cart (promo kept). */
  replaceFromServer: (items: CartItem[]) => void
  setMode: (mode: CartMode) => void
  setLoading: (isLoading: boolean) => void
  setSyncing: (isSyncing: boolean) => void
  /** Puts one line back as it was (or removes it when it did not exist): the rollback of a failed server write. */
  restoreLine: (key: string, previous: CartItem | null, index: number) => void
}

interface StoredCart {
  items: CartItem[]
  promoCode: string | null
  discount: number
  promoMinSubtotalCents: number
  promoTerms?: CodeTerms | null
  promoScope?: string | null
}

const keyOf = (item: Pick<CartItem, 'id' | 'licenseType'>) => lineKey(item.id, item.licenseType)

/** The guest cart saved in localStorage; anything unreadable counts as empty. */
export function readStoredCart(storage: Storage | undefined = globalThis.localStorage): StoredCart {
  const empty: StoredCart = { items: [], promoCode: null, discount: 0, promoMinSubtotalCents: 0, promoTerms: null, promoScope: null }
  let raw: string | null = null
  try {
    raw = storage?.getItem(CART_STORAGE_KEY) ?? null
  } catch {
    return empty
  }
  if (!raw) return empty
  try {
    const parsed = JSON.parse(raw) as Partial<Record<keyof StoredCart, unknown>>
    const items = Array.isArray(parsed.items) ? parsed.items.map(parseStoredCartItem).filter((item): item is CartItem => item !== null) : []
    const unique = new Map<string, CartItem>()
    for (const item of items) if (!unique.has(keyOf(item))) unique.set(keyOf(item), { ...item, quantity: Math.min(item.quantity, quantityCap(item)) })
    const discount = typeof parsed.discount === 'number' && parsed.discount > 0 && parsed.discount <= 1 ? parsed.discount : 0
    // A fixed-amount code has no fraction: its saved terms keep it.
    const terms = parseStoredPromoTerms(parsed.promoTerms)
    const promoCode = typeof parsed.promoCode === 'string' && parsed.promoCode && (discount > 0 || terms) ? parsed.promoCode : null
    const minimum =
      Number.isInteger(parsed.promoMinSubtotalCents) && (parsed.promoMinSubtotalCents as number) > 0 ? (parsed.promoMinSubtotalCents as number) : 0
    const scope = typeof parsed.promoScope === 'string' && parsed.promoScope ? parsed.promoScope : null
    return {
      items: [...unique.values()],
      promoCode,
      discount: promoCode ? discount : 0,
      promoMinSubtotalCents: promoCode ? minimum : 0,
      promoTerms: promoCode ? terms : null,
      promoScope: promoCode ? scope : null,
    }
  } catch {
    return empty
  }
}

export function writeStoredCart(cart: StoredCart, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(CART_STORAGE_KEY, JSON.stringify(cart))
  } catch {
    // Storage full or blocked (private mode): the cart still works for this page view.
  }
}

export function removeStoredCart(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(CART_STORAGE_KEY)
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

export const useCartStore = create<CartState>()((set, get) => ({
  // Starts empty, as the server renders it, so a hydrated page matches its markup; the saved cart
  // is loaded just below and shows right after hydration.
  items: [],
  promoCode: null,
  discount: 0,
  promoMinSubtotalCents: 0,
  promoTerms: null,
  promoScope: null,
  promoRefusal: null,
  isOpen: false,
  isLoading: false,
  isSyncing: false,
  mode: 'local',

  addItem: (item, quantity = 1) => {
    const existing = get().items.find((line) => keyOf(line) === keyOf(item))
    const check = checkAdd(existing?.quantity ?? 0, quantity, item)
    if (!check.ok) return check
    set((state) => ({
      isOpen: true,
      items: existing
        ? state.items.map((line) => (keyOf(line) === keyOf(item) ? { ...line, ...item, quantity: check.quantity } : line))
        : [...state.items, { ...item, quantity: check.quantity }],
    }))
    return check
  },

  removeItem: (id, licenseType) => set((state) => ({ items: state.items.filter((line) => keyOf(line) !== lineKey(id, licenseType)) })),

  updateQuantity: (id, licenseType, quantity) => {
    const key = lineKey(id, licenseType)
    const line = get().items.find((item) => keyOf(item) === key)
    if (!line) return { ok: true, quantity: 0 }
    const check = checkUpdate(quantity, line)
    if (!check.ok) return check
    set((state) => ({
      items:
        check.quantity === 0
          ? state.items.filter((item) => keyOf(item) !== key)
          : state.items.map((item) => (keyOf(item) === key ? { ...item, quantity: check.quantity } : item)),
    }))
    return check
  },

  setChosenPrice: (id, licenseType, priceCents) =>
    set((state) => ({
      items: state.items.map((item) => (keyOf(item) === lineKey(id, licenseType) && item.priceModel === 'pwyw' ? { ...item, priceCents } : item)),
    })),

  clearCart: () => set({ items: [], promoCode: null, discount: 0, promoMinSubtotalCents: 0, promoTerms: null, promoScope: null, promoRefusal: null }),
  toggleCart: () => set((state) => ({ isOpen: !state.isOpen })),
  setCartOpen: (isOpen) => set({ isOpen }),
  setPromo: (promoCode, discount, promoMinSubtotalCents = 0, promoTerms = null, promoScope = null) =>
    set({ promoCode, discount, promoMinSubtotalCents, promoTerms, promoScope, promoRefusal: null }),
  removePromo: () => set({ promoCode: null, discount: 0, promoMinSubtotalCents: 0, promoTerms: null, promoScope: null, promoRefusal: null }),
  refusePromo: (message, source = 'apply') =>
    set({ promoCode: null, discount: 0, promoMinSubtotalCents: 0, promoTerms: null, promoScope: null, promoRefusal: { message, source } }),
  clearPromoRefusal: () => set({ promoRefusal: null }),
  loadFromStorage: () => set(readStoredCart()),
  replaceFromServer: (items) => set({ items }),
  setMode: (mode) => set({ mode }),
  setLoading: (isLoading) => set({ isLoading }),
  setSyncing: (isSyncing) => set({ isSyncing }),

  restoreLine: (key, previous, index) =>
    set((state) => {
      const others = state.items.filter((item) => keyOf(item) !== key)
      if (!previous) return { items: others }
      const items = [...others]
      items.splice(Math.min(index, items.length), 0, previous)
      return { items }
    }),
}))

/** Saves the guest cart whenever its lines or promo change (never in server mode). */
useCartStore.subscribe((state, previous) => {
  if (state.mode !== 'local') return
  const same = state.items === previous.items && state.promoCode === previous.promoCode && state.discount === previous.discount
  const samePromo =
    state.promoMinSubtotalCents === previous.promoMinSubtotalCents && state.promoTerms === previous.promoTerms && state.promoScope === previous.promoScope
  if (same && samePromo && state.mode === previous.mode) return
  // An empty guest cart is no saved cart at all.
  if (state.items.length === 0 && !state.promoCode) removeStoredCart()
  else
    writeStoredCart({
      items: state.items,
      promoCode: state.promoCode,
      discount: state.discount,
      promoMinSubtotalCents: state.promoMinSubtotalCents,
      promoTerms: state.promoTerms,
      promoScope: state.promoScope,
    })
})

/** Number of units in the cart (the header badge and the drawer title). */
export function selectItemCount(state: Pick<CartState, 'items'>): number {
  return state.items.reduce((sum, item) => sum + item.quantity, 0)
}

if (typeof window !== 'undefined') useCartStore.getState().loadFromStorage()
