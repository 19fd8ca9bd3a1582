/**
 * /admin/products/new and /admin/products/:id: the product form. It is checked with the shared
 * schema before it is sent; the server's field errors show beside their field; a save over a
 * product someone else changed since it was opened is refused with a way to reload it.
 */
import { useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { Link, useNavigate, useParams } from 'react-router'
import { EMPTY_PRODUCT_FORM, productFormSchema, type AuditEntryView, type ProductForm } from '../../../../../shared/contract/admin-products.ts'
import type { ProductMediaView } from '../../../../../shared/contract/uploads.ts'
import { ApiError } from '../../../../api/http.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { useAdminCategories } from '../../categories/public.ts'
import { AuditTrail } from '../../audit/public.ts'
import { LicenceKeyPolicyPanel } from '../../licence-keys/public.ts'
import { isStaleVersion, StaleVersionNotice } from '../../shell/StaleVersionNotice.tsx'
import { useAdminProduct, useAdminProducts, useSaveProduct } from '../api/products.ts'
import { BundlePanel } from '../BundlePanel.tsx'
import { ProductFormFields, type ProductFieldErrors } from '../ProductFormFields.tsx'
import { ProductMediaFields } from '../ProductMediaFields.tsx'
import { useMediaUploads } from '../use-media-uploads.ts'

export default function AdminProductPage() {
  const { productId } = useParams()
  const product = useAdminProduct(productId)
  const categories = useAdminCategories()
  if ((productId && product.isPending) || categories.isPending) return <ListSkeleton label="Loading the product…" />
  if (product.isError || categories.isError)
    return <AdminLoadFailed error={product.error ?? categories.error} onRetry={() => void (product.isError ? product.refetch() : categories.refetch())} />
  return (
    <ProductEditor
      key={`${productId ?? 'new'}:${product.data?.data.version ?? 0}`}
      productId={productId}
      initial={product.data?.data.form ?? EMPTY_PRODUCT_FORM}
      version={product.data?.data.version}
      media={product.data?.data.media ?? null}
      history={product.data?.history ?? []}
      categories={categories.data}
      onReload={() => void product.refetch()}
    />
  )
}

/** The genres the store's products have, each once (the list the products page shows, usually cached already). */
function useProductGenres(): string[] {
  const products = useAdminProducts({ search: '', status: 'all', sortBy: 'updated', sortOrder: 'desc' })
  const genres = new Set((products.data ?? []).map((product) => product.form.genre.trim()).filter(Boolean))
  return [...genres].sort((a, b) => a.localeCompare(b))
}

interface ProductEditorProps {
  productId: string | undefined
  initial: ProductForm
  version: number | undefined
  media: ProductMediaView | null
  history: AuditEntryView[]
  categories: Parameters<typeof ProductFormFields>[0]['categories']
  onReload: () => void
}

function ProductEditor({ productId, initial, version, media, history, categories, onReload }: ProductEditorProps) {
  const navigate = useNavigate()
  const save = useSaveProduct()
  const uploads = useMediaUploads(productId)
  const genres = useProductGenres()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<ProductFieldErrors>({})
  const [conflict, setConflict] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setConflict(null)
    const parsed = productFormSchema.safeParse(values)
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])))
      return
    }
    setErrors({})
    try {
      if (productId) {
        // The editor opens once the product has loaded, with the version it is edited from.
        if (version === undefined) throw new Error('The product has not loaded yet')
        await save.mutateAsync({ id: productId, version, form: parsed.data })
        toast.success('Product saved')
        return
      }
      // A new product is created hidden; it goes live only once the file it sells is stored.
      const activateAfterUpload = parsed.data.active && uploads.fileQueued
      const created = await save.mutateAsync({ form: activateAfterUpload ? { ...parsed.data, active: false } : parsed.data })
      toast.success('Product created')
      const allSent = await uploads.sendQueued(created.data.id)
      if (activateAfterUpload && allSent) await save.mutateAsync({ id: created.data.id, version: created.data.version, form: parsed.data })
      if (!allSent) toast.error('The product was created, but a file did not go up: choose it again on the product\u2019s page')
      navigate(`/admin/products/${created.data.id}`, { replace: true })
    } catch (error) {
      if (isStaleVersion(error)) setConflict(error.message)
      else if (error instanceof ApiError && error.field && error.field in values) setErrors({ [error.field]: error.message })
      else toast.error(error instanceof Error ? error.message : 'Failed to save the product')
    }
  }

  return (
    <>
      <title>{`${productId ? initial.name : 'New product'} | Owner console | Audio Lab Store`}</title>
      <p className="text-sm">
        <Link to="/admin/products" className="rounded-sm text-zinc-400 hover:text-white">
          ← Products
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-white">{productId ? initial.name : 'New product'}</h1>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
        <ProductFormFields values={values} errors={errors} categories={categories} genres={genres} onChange={setValues} />
        <fieldset className="mt-6">
          <legend className="mb-3 text-sm font-semibold text-white">Files</legend>
          <ProductMediaFields productId={productId} media={media} uploads={uploads} />
        </fieldset>
        {conflict && <StaleVersionNotice message={conflict} onReload={onReload} className="mt-5" />}
        <div className="mt-6 flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending || uploads.busy}>
            {save.isPending ? 'Saving…' : uploads.busy ? 'Uploading…' : productId ? 'Save product' : 'Create product'}
          </button>
        </div>
      </form>
      {productId && <BundlePanel productId={productId} />}
      {productId && <LicenceKeyPolicyPanel productId={productId} />}
      <AuditTrail entries={history} />
    </>
  )
}
