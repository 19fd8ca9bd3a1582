/**
 * `owner product add` and `owner product import DIR`: adding products with their files from the
 * command line, through the same catalog service, form schema and audit log as the owner
 * console. A product is created hidden, takes its file, cover and preview, and only then goes
 * live; if any file is refused, the half-added product and its stored files are removed again.
 * An import checks every line of the manifest first (fields, category, files inside the folder)
 * and then adds the good ones, each refusal reported on its line.
 */
import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import { z } from 'zod'
import type { AdminCategory } from '../../shared/contract/admin-categories.ts'
import { EMPTY_PRODUCT_FORM, productFormSchema, type ProductForm } from '../../shared/contract/admin-products.ts'
import { FILE_VERSION_ACTIONS, OWNER_CLI_UPLOADER } from '../../shared/contract/product-file-versions.ts'
import { formatPrice } from '../../shared/money.ts'
import { fileSizeMb } from '../../shared/product-view.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type { ProductRow } from '../catalog/catalog.schema.ts'
import type { ProductAdminService } from '../catalog/product-admin.service.ts'
import type { ProductFilesService } from '../catalog/product-files.service.ts'
import type { Executor } from '../db/client.ts'
import { AppError } from '../http/errors.ts'
import { fileInFolder, ManifestError, readManifest, type ManifestEntry } from './product-manifest.ts'

const text = (label: string, required = `${label} is required`) =>
  z.string({ error: (issue) => (issue.input === undefined ? required : `${label} must be text`) })
const textOrNumber = (label: string) => z.union([z.string(), z.number()], { error: `${label} must be text or a number` }).transform(String)

const FILE_REQUIRED = 'file is required: the product file buyers download'

/** What one product needs, as the owner writes it on the command line or in a manifest. */
export const productInputSchema = z.object({
  name: text('name'),
  price: z
    .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? 'price is required' : 'price must be an amount in dollars') })
    .transform(String),
  category: text('category').optional(),
  file: text('file', FILE_REQUIRED).min(1, FILE_REQUIRED),
  cover: text('cover').optional(),
  preview: text('preview').optional(),
  description: text('description').optional(),
  originalPrice: textOrNumber('originalPrice').optional(),
  /** Pay what you want from this many dollars ("0" for $0+); price is then the suggested amount. */
  pwywMin: textOrNumber('pwywMin').optional(),
  tags: z.union([z.string(), z.array(z.string()).transform((tags) => tags.join(', '))], { error: 'tags must be text or a list of text' }).optional(),
  bpm: textOrNumber('bpm').optional(),
  key: text('key').optional(),
  genre: text('genre').optional(),
  /** Sound types: repeated on the command line (`--type loops --type midi`), comma-separated or a list in a manifest. */
  types: z
    .union([z.string(), z.array(z.string())], { error: 'types must be text or a list of text' })
    .transform((types) => (Array.isArray(types) ? types : types.split(',')).map((type) => type.trim()).filter(Boolean))
    .optional(),
  downloadLimit: textOrNumber('downloadLimit').optional(),
  active: z
    .union([z.boolean(), z.enum(['true', 'false', 'yes', 'no', '1', '0', ''])], { error: 'active must be true or false' })
    .transform((value) => value === true || value === 'true' || value === 'yes' || value === '1' || value === '')
    .optional(),
})
export type ProductInput = z.input<typeof productInputSchema>

/** A mistake in the owner's input: printed as it is. */
export class ProductInputError extends Error {}

/** How a message names a form field: its flag on the command line, its column in a manifest. */
type FieldName = (field: string) => string
const FORM_FLAGS: Partial<Record<string, string>> = {
  originalPrice: 'original-price',
  minimumPrice: 'pwyw-min',
  downloadLimit: 'download-limit',
  categoryId: 'category',
  types: 'type',
}
const FLAG_NAME: FieldName = (field) => `--${FORM_FLAGS[field] ?? field}`
const COLUMN_NAME: FieldName = (field) => (field === 'categoryId' ? 'category' : field === 'minimumPrice' ? 'pwywMin' : field)

/** A product whose fields and files are checked, ready to be added. */
interface CheckedProduct {
  form: ProductForm
  file: { path: string; fileName: string }
  cover: string | null
  preview: string | null
}

export interface ProductCommandsDeps {
  catalog: Pick<ProductAdminService, 'adminCategories' | 'adminProduct' | 'adminProductRows' | 'createProduct' | 'updateProduct'> &
    Pick<ProductFilesService, 'addFileVersion' | 'replaceCover' | 'replacePreview' | 'discardUnsoldProduct'>
  audit: Pick<AuditService, 'record'>
  actor: { id: null; email: string }
}

/** The input's fields as the product form, with the defaults `product add` gives; a refusal names each field by `nameOf`. */
function formOf(input: z.output<typeof productInputSchema>, categories: AdminCategory[], nameOf: FieldName): ProductForm {
  let categoryId = ''
  if (input.category) {
    const wanted = input.category.trim().toLowerCase()
    const found = categories.find((category) => category.slug === wanted || category.name.toLowerCase() === wanted)
    if (!found) throw new ProductInputError(`No category "${input.category}". The store has: ${categories.map((category) => category.slug).join(', ')}`)
    categoryId = found.id
  }
  const parsed = productFormSchema.safeParse({
    ...EMPTY_PRODUCT_FORM,
    name: input.name,
    description: input.description ?? '',
    price: input.price,
    priceModel: input.pwywMin === undefined ? 'fixed' : 'pwyw',
    minimumPrice: input.pwywMin ?? '',
    originalPrice: input.originalPrice ?? '',
    categoryId,
    active: input.active ?? true,
    tags: input.tags ?? '',
    downloadLimit: input.downloadLimit ?? EMPTY_PRODUCT_FORM.downloadLimit,
    bpm: input.bpm ?? '',
    key: input.key ?? '',
    genre: input.genre ?? '',
    types: input.types ?? [],
  })
  if (!parsed.success) throw new ProductInputError(parsed.error.issues.map((issue) => `${nameOf(String(issue.path[0]))}: ${issue.message}`).join('; '))
  return parsed.data
}

/** The input's fields checked for their kind; each message names its field. */
function inputOf(raw: unknown): z.output<typeof productInputSchema> {
  const checked = productInputSchema.safeParse(raw)
  if (!checked.success) throw new ProductInputError(checked.error.issues.map((issue) => issue.message).join('; '))
  return checked.data
}

/** A manifest entry's fields, with empty cells and nulls left out so they take their defaults. */
function presentFields(entry: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== null && value !== ''))
}

async function readable(path: string, what: string): Promise<string> {
  const full = resolve(path)
  try {
    await access(full, constants.R_OK)
    if (!(await stat(full)).isFile()) throw new Error('not a file')
  } catch {
    throw new ProductInputError(`${what} ${path} cannot be read`)
  }
  return full
}

/** "$19.50", or "pay what you want from $5.00 (suggested $19.50)". */
function priceOf(product: Pick<ProductRow, 'priceCents' | 'priceModel' | 'minPriceCents'>): string {
  if (product.priceModel !== 'pwyw') return formatPrice(product.priceCents)
  return `pay what you want from ${formatPrice(product.minPriceCents ?? 0)} (suggested ${formatPrice(product.priceCents)})`
}

export function createProductCommands({ catalog, audit, actor }: ProductCommandsDeps) {
  const audited = (action: string) => (tx: Executor, id: string, change: { before: unknown; after: unknown }) =>
    audit.record(tx, {
      actor,
      action,
      subject: { type: 'product', id },
      before: change.before as Record<string, unknown> | null,
      after: change.after as Record<string, unknown>,
    })

  /** Adds one checked product with its files; answers the line to print. */
  async function addChecked({ form, file, cover, preview }: CheckedProduct): Promise<{ id: string; summary: string }> {
    // Hidden until its file is stored: buyers must never pay for a product with nothing to download.
    const created = await catalog.createProduct({ ...form, active: false }, audited('product.create'))
    try {
      const { media } = await catalog.addFileVersion(
        created.id,
        file,
        { changelog: null, uploadedBy: { id: null, email: OWNER_CLI_UPLOADER } },
        audited(FILE_VERSION_ACTIONS.add),
      )
      if (cover) await catalog.replaceCover(created.id, cover, audited('product.cover'))
      if (preview) await catalog.replacePreview(created.id, preview, audited('product.preview'))
      // Saved over the version it has now (its files are in), as the console saves.
      if (form.active) await catalog.updateProduct(created.id, form, (await catalog.adminProduct(created.id)).product.version, audited('product.update'))
      const parts = [
        `${media.file!.name} ${fileSizeMb(media.file!.size)} MB sha256 ${media.file!.sha256}`,
        cover ? 'cover' : null,
        preview ? 'preview' : null,
      ].filter(Boolean)
      return {
        id: created.id,
        summary: `Added "${form.name}" at ${priceOf(created)} (${parts.join('; ')}), ${form.active ? `in the store at /products/${created.id}` : 'hidden from the store'}.`,
      }
    } catch (error) {
      await catalog.discardUnsoldProduct(created.id)
      if (error instanceof AppError) throw new ProductInputError(error.message)
      throw error
    }
  }

  /** Checks one manifest entry: its fields, its category, and that every file it names is inside the folder. */
  async function checkEntry({ entry, malformed }: ManifestEntry, folder: string, categories: AdminCategory[]): Promise<CheckedProduct> {
    if (malformed) throw new ProductInputError(malformed)
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new ProductInputError('not a product: each entry must be an object with name, price and file')
    const input = inputOf(presentFields(entry))
    const form = formOf(input, categories, COLUMN_NAME)
    const inFolder = async (column: string, named: string | undefined) => {
      if (named === undefined) return null
      const found = await fileInFolder(folder, column, named)
      if ('refused' in found) throw new ProductInputError(found.refused)
      return found.path
    }
    const file = (await inFolder('file', input.file))!
    return {
      form,
      file: { path: file, fileName: basename(input.file) },
      cover: await inFolder('cover', input.cover),
      preview: await inFolder('preview', input.preview),
    }
  }

  return {
    /** Adds one product from the command line's options (paths as the owner typed them); answers the line to print. */
    async addProduct(raw: ProductInput): Promise<{ id: string; summary: string }> {
      const input = inputOf(raw)
      const form = formOf(input, input.category ? await catalog.adminCategories() : [], FLAG_NAME)
      const file = await readable(input.file, 'The product file')
      const cover = input.cover ? await readable(input.cover, 'The cover image') : null
      const preview = input.preview ? await readable(input.preview, 'The audio preview') : null
      try {
        return await addChecked({ form, file: { path: file, fileName: basename(file) }, cover, preview })
      } catch (error) {
        if (error instanceof ProductInputError) throw new ProductInputError(`${form.name}: ${error.message}`)
        throw error
      }
    },

    /**
     * Adds every product of a folder's manifest. Every line is checked before any is added, so a
     * long manifest of bad lines costs no database work; one already in the store (by name) is
     * skipped, so an import can be run again after fixing a line.
     */
    async importProducts(dir: string, out: (line: string) => void): Promise<{ imported: number; skipped: number; refused: number }> {
      let manifest
      try {
        manifest = await readManifest(dir)
      } catch (error) {
        if (error instanceof ManifestError) throw new ProductInputError(error.message)
        throw error
      }
      const categories = await catalog.adminCategories()
      const lines: { label: string; name: string; product: CheckedProduct | null; refused: string }[] = []
      for (const entry of manifest.entries) {
        const raw = entry.entry as { name?: unknown } | null
        const name = typeof raw?.name === 'string' ? raw.name.trim() : ''
        try {
          lines.push({ label: entry.label, name, product: await checkEntry(entry, manifest.folder, categories), refused: '' })
        } catch (error) {
          if (!(error instanceof ProductInputError)) throw error
          lines.push({ label: entry.label, name, product: null, refused: error.message })
        }
      }

      const result = { imported: 0, skipped: 0, refused: 0 }
      const refuse = (label: string, name: string, reason: string) => {
        out(`${label}: refused${name ? ` "${name}"` : ''}: ${reason.replace(/\s*\n\s*/g, ' ')}`)
        result.refused++
      }
      for (const { label, name, product, refused } of lines) {
        if (!product) {
          refuse(label, name, refused)
          continue
        }
        const existing = (await catalog.adminProductRows({ search: product.form.name, status: 'all' })).some((row) => row.product.name === product.form.name)
        if (existing) {
          out(`${label}: skipped "${product.form.name}": already in the store`)
          result.skipped++
          continue
        }
        try {
          out(`${label}: ${(await addChecked(product)).summary}`)
          result.imported++
        } catch (error) {
          if (!(error instanceof ProductInputError)) throw error
          refuse(label, name, error.message)
        }
      }
      return result
    },
  }
}

/** A manifest.json of one product, for the CLI's help. */
export const MANIFEST_EXAMPLE = `[{ "name": "Dusty Tape Drums", "price": "24.99", "category": "sample-packs", "file": "dusty.zip", "cover": "dusty.png", "preview": "dusty.mp3", "bpm": 90, "tags": "drums, lo-fi", "types": "loops, one-shots" }]`
