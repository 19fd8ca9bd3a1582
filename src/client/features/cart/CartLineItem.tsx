/**
 * One line of the cart, in the drawer (compact) or on the cart page: image, name, category,
 * price with the original struck through (or, for pay what you want, the shopper's amount in a
 * field they can change), quantity controls with the "Digital" / "Limit: N" / "Max: N" label,
 * the line total and a remove button.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { quantityCap, quantityLabel } from '../../../shared/cart-rules.ts'
import { centsToDollarString, formatPrice } from '../../../shared/money.ts'
import { lineTotalCents } from '../../../shared/pricing.ts'
import { pwywTermsOf, type CartItem } from '../../cart-state/cart-item.ts'
import type { CartActions } from '../../cart-state/use-cart-actions.ts'
import { TrashIcon } from '../../components/Icons.tsx'
import { ProductImage } from '../../components/ProductImage.tsx'
import { PayWhatYouWantField, PWYW_FIELD_LABELS, typedAmountOf } from './PayWhatYouWantField.tsx'

interface CartLineItemProps {
  item: CartItem
  actions: Pick<CartActions, 'remove' | 'updateQuantity' | 'setChosenPrice'>
  variant: 'drawer' | 'page'
}

/**
 * A pay-what-you-want line's amount: saved on Enter or when the field is left, if the product
 * takes it; otherwise the sentence stays under the field and the line keeps its amount.
 */
function ChosenPriceField({ item, actions }: Pick<CartLineItemProps, 'item' | 'actions'>) {
  const [text, setText] = useState(() => centsToDollarString(item.priceCents))
  const amount = typedAmountOf(pwywTermsOf(item), text)
  return (
    <PayWhatYouWantField
      size="sm"
      label={
        <>
          {PWYW_FIELD_LABELS.yourPrice(item.minPriceCents ?? 0)}
          <span className="sr-only"> for {item.name}</span>
        </>
      }
      amount={amount}
      onChange={setText}
      onCommit={() => {
        if (!amount.refusal && amount.chosenPriceCents !== item.priceCents) actions.setChosenPrice(item, amount.chosenPriceCents!)
      }}
    />
  )
}

export function CartLineItem({ item, actions, variant }: CartLineItemProps) {
  const page = variant === 'page'
  const label = quantityLabel(item, page ? 'max' : 'limit')
  const atCap = item.quantity >= quantityCap(item)
  const onSale = item.originalPriceCents !== null && item.originalPriceCents > item.priceCents
  const href = `/products/${item.id}`
  const step =
    'flex size-9 items-center justify-center text-base text-zinc-200 transition-colors hover:bg-zinc-800 disabled:cursor-not-allowed disabled:text-zinc-600 disabled:hover:bg-transparent aria-disabled:text-zinc-600'

  return (
    <li className={`flex gap-3 ${page ? 'py-5 sm:gap-5' : 'py-4'}`}>
      <Link to={href} tabIndex={-1} aria-hidden="true" className={`shrink-0 overflow-hidden rounded-lg bg-zinc-800 ${page ? 'size-20 sm:size-28' : 'size-16'}`}>
        <ProductImage url={item.image} alt="" sizes={page ? '112px' : '64px'} width={112} height={112} className="size-full object-cover" />
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className={`leading-snug font-semibold [overflow-wrap:anywhere] text-white ${page ? 'text-base sm:text-lg' : 'text-sm'}`}>
              <Link to={href} className="rounded-sm hover:text-brand-300">
                {item.name}
              </Link>
            </h3>
            <p className="mt-0.5 text-xs [overflow-wrap:anywhere] text-zinc-400">{item.category}</p>
          </div>
          <button
            type="button"
            onClick={() => actions.remove(item)}
            aria-label={`Remove ${item.name} from cart`}
            className="-m-1.5 shrink-0 rounded-md p-1.5 text-zinc-400 transition-colors hover:bg-zinc-800 hover:text-red-300"
          >
            <TrashIcon className="size-4" />
          </button>
        </div>

        {item.priceModel === 'pwyw' && <ChosenPriceField key={item.priceCents} item={item} actions={actions} />}

        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-white tabular-nums">
            {onSale && <span className="sr-only">Sale price: </span>}
            {formatPrice(item.priceCents)}
          </span>
          {onSale && (
            <>
              <s className="text-xs text-zinc-400 tabular-nums">
                <span className="sr-only">Original price: </span>
                {formatPrice(item.originalPriceCents!)}
              </s>
              <span className="text-xs font-medium text-emerald-300">Save {formatPrice(item.originalPriceCents! - item.priceCents)}</span>
            </>
          )}
        </p>

        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div className="flex items-center gap-2.5">
            <div
              role="group"
              aria-label={`Quantity of ${item.name}`}
              className="inline-flex items-center overflow-hidden rounded-lg border border-zinc-700 bg-zinc-900"
            >
              <button
                type="button"
                aria-label={`Decrease quantity of ${item.name}`}
                disabled={item.isDigital}
                onClick={() => actions.updateQuantity(item, item.quantity - 1)}
                className={step}
              >
                −
              </button>
              <span aria-live="polite" className="min-w-9 border-x border-zinc-700 px-1 text-center text-sm leading-9 font-semibold text-white tabular-nums">
                <span className="sr-only">Quantity </span>
                {item.quantity}
              </span>
              {/* At the limit "+" stays clickable so the shopper reads why it cannot go higher. */}
              <button
                type="button"
                aria-label={`Increase quantity of ${item.name}`}
                disabled={item.isDigital}
                aria-disabled={!item.isDigital && atCap ? true : undefined}
                onClick={() => actions.updateQuantity(item, item.quantity + 1)}
                className={step}
              >
                +
              </button>
            </div>
            {label === 'Digital' ? (
              <span className="rounded-md bg-sky-950 px-2 py-0.5 text-xs font-semibold text-sky-200 ring-1 ring-sky-800">Digital</span>
            ) : (
              label && <span className="text-xs text-zinc-400">{label}</span>
            )}
          </div>
          {(page || item.quantity > 1) && (
            <p className="text-sm font-semibold text-zinc-100 tabular-nums">
              <span className="sr-only">Line total: </span>
              {formatPrice(lineTotalCents(item))}
            </p>
          )}
        </div>
      </div>
    </li>
  )
}
