/**
 * `owner product add` and `owner product import DIR`: adding products with their files from the
 * command line, through the same catalog service, form schema and audit log as the owner
 * console. A product is created hidden, takes its file, cover and preview, and only then goes
 * live; if any file is refused, the half-added product and its stored files are removed again.
 */
import { constants } from 'node:fs'
import { access, readFile, stat } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import { parse as parseCsv } from 'csv-parse/sync'
import { z } from 'zod'
import { productFormSchema, type ProductForm } from '../../shared/contract/admin-products.ts'
import { formatPrice } from '../../shared/money.ts'
import { fileSizeMb } from '../../shared/product-view.ts'
import type { AuditService } from '../admin/audit.service.ts'
import type { CatalogService } from '../catalog/catalog.service.ts'
import type { Executor } from '../db/client.ts'
import { AppError } from '../http/errors.ts'

/** What one product needs, as the owner writes it on the command line or in a manifest. */
export const productInputSchema = z.object({
  name: z.string(),
  price: z.union([z.string(), z.number()]).transform(String),
  category: z.string().optional(),
  file: z.string().min(1, 'file is required: the product file buyers download'),
  cover: z.string().optional(),
  preview: z.string().optional(),
  description: z.string().optional(),
  originalPrice: z.union([z.string(), z.number()]).transform(String).optional(),
  tags: z.union([z.string(), z.array(z.string()).transform((tags) => tags.join(', '))]).optional(),
  bpm: z.union([z.string(), z.number()]).transform(String).optional(),
  key: z.string().optional(),
  genre: z.string().optional(),
  /** Sound types: repeated on the command line (`--type loops --type midi`), comma-separated or a list in a manifest. */
  types: z.union([z.string(), z.array(z.string())]).transform((types) => (Array.isArray(types) ? types : types.split(',')).map((type) => type.trim()).filter(Boolean)).optional(),
  downloadLimit: z.union([z.string(), z.number()]).transform(String).optional(),
  active: z.union([z.boolean(), z.enum(['true', 'false', 'yes', 'no', '1', '0', ''])]).transform((value) => value === true || value === 'true' || value === 'yes' || value === '1' || value === '').optional(),
})
export type ProductInput = z.input<typeof productInputSchema>

/** A mistake in the owner's input: printed as it is. */
export class ProductInputError extends Error {}

const FORM_FLAGS: Partial<Record<keyof ProductForm, string>> = { price: 'price', originalPrice: 'original-price', downloadLimit: 'download-limit', categoryId: 'category', types: 'type' }

export interface ProductCommandsDeps {
  catalog: Pick<CatalogService, 'adminCategories' | 'adminProductRows' | 'createProduct' | 'updateProduct' | 'replaceProductFile' | 'replaceCover' | 'replacePreview' | 'discardUnsoldProduct'>
  audit: Pick<AuditService, 'record'>
  actor: { id: null; email: string }
}

export function createProductCommands({ catalog, audit, actor }: ProductCommandsDeps) {
  const audited = (action: string) => (tx: Executor, id: string, change: { before: unknown; after: unknown }) =>
    audit.record(tx, { actor, action, subject: { type: 'product', id }, before: change.before as Record<string, unknown> | null, after: change.after as Record<string, unknown> })

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

  async function formOf(input: z.output<typeof productInputSchema>): Promise<ProductForm> {
    let categoryId = ''
    if (input.category) {
      const wanted = input.category.trim().toLowerCase()
      const list = await catalog.adminCategories()
      const found = list.find((category) => category.slug === wanted || category.name.toLowerCase() === wanted)
      if (!found) throw new ProductInputError(`No category "${input.category}". The store has: ${list.map((category) => category.slug).join(', ')}`)
      categoryId = found.id
    }
    const parsed = productFormSchema.safeParse({
      name: input.name,
      description: input.description ?? '',
      price: input.price,
      originalPrice: input.originalPrice ?? '',
      categoryId,
      active: input.active ?? true,
      featured: false,
      isNew: true,
      tags: input.tags ?? '',
      digitalDownload: true,
      purchaseLimit: '',
      downloadLimit: input.downloadLimit ?? '3',
      bpm: input.bpm ?? '',
      key: input.key ?? '',
      genre: input.genre ?? '',
      types: input.types ?? [],
    })
    if (!parsed.success) {
      throw new ProductInputError(parsed.error.issues.map((issue) => `--${FORM_FLAGS[issue.path[0] as keyof ProductForm] ?? String(issue.path[0])}: ${issue.message}`).join('\n'))
    }
    return parsed.data
  }

  /** Adds one product with its files; answers the line to print. `baseDir` resolves a manifest's relative paths. */
  async function addProduct(raw: ProductInput, baseDir = '.'): Promise<{ id: string; summary: string }> {
    const checked = productInputSchema.safeParse(raw)
    if (!checked.success) throw new ProductInputError(checked.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('\n'))
    const input = checked.data
    const form = await formOf(input)
    const file = await readable(resolve(baseDir, input.file), 'The product file')
    const cover = input.cover ? await readable(resolve(baseDir, input.cover), 'The cover image') : null
    const preview = input.preview ? await readable(resolve(baseDir, input.preview), 'The audio preview') : null

    // Hidden until its file is stored: buyers must never pay for a product with nothing to download.
    const created = await catalog.createProduct({ ...form, active: false }, audited('product.create'))
    try {
      const media = await catalog.replaceProductFile(created.id, { path: file, fileName: basename(file) }, audited('product.file'))
      if (cover) await catalog.replaceCover(created.id, cover, audited('product.cover'))
      if (preview) await catalog.replacePreview(created.id, preview, audited('product.preview'))
      if (form.active) await catalog.updateProduct(created.id, form, undefined, audited('product.update'))
      const parts = [`${media.file!.name} ${fileSizeMb(media.file!.size)} MB sha256 ${media.file!.sha256}`, cover ? 'cover' : null, preview ? 'preview' : null].filter(Boolean)
      return { id: created.id, summary: `Added "${form.name}" at ${formatPrice(created.priceCents)} (${parts.join('; ')}), ${form.active ? `in the store at /products/${created.id}` : 'hidden from the store'}.` }
    } catch (error) {
      await catalog.discardUnsoldProduct(created.id)
      if (error instanceof AppError) throw new ProductInputError(`${form.name}: ${error.message}`)
      throw error
    }
  }

  /** The entries of a folder's manifest.json (an array) or manifest.csv (a header row). */
  async function manifestOf(dir: string): Promise<unknown[]> {
    const json = resolve(dir, 'manifest.json')
    const csv = resolve(dir, 'manifest.csv')
    const text = await readFile(json, 'utf8').catch(() => null)
    if (text !== null) {
      const parsed: unknown = JSON.parse(text)
      if (!Array.isArray(parsed)) throw new ProductInputError('manifest.json must hold an array of products')
      return parsed
    }
    const table = await readFile(csv, 'utf8').catch(() => null)
    if (table === null) throw new ProductInputError(`${dir} has no manifest.json or manifest.csv`)
    return parseCsv(table, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as unknown[]
  }

  return {
    addProduct,

    /** Adds every product of a folder's manifest; one already in the store (by name) is skipped, so a failed import can be run again. */
    async importProducts(dir: string, out: (line: string) => void): Promise<{ added: number; skipped: number; failed: number }> {
      const entries = await manifestOf(dir)
      const result = { added: 0, skipped: 0, failed: 0 }
      for (const [index, entry] of entries.entries()) {
        const label = `${index + 1}/${entries.length}`
        const name = typeof (entry as { name?: unknown }).name === 'string' ? (entry as { name: string }).name.trim() : ''
        const existing = name ? (await catalog.adminProductRows({ search: name, status: 'all' })).find((row) => row.product.name === name) : undefined
        if (existing) {
          out(`${label} skipped "${name}": already in the store`)
          result.skipped++
          continue
        }
        try {
          out(`${label} ${(await addProduct(entry as ProductInput, dir)).summary}`)
          result.added++
        } catch (error) {
          if (!(error instanceof ProductInputError)) throw error
          out(`${label} not added${name ? ` "${name}"` : ''}: ${error.message}`)
          result.failed++
        }
      }
      return result
    },
  }
}

/** A manifest.json of one product, for the CLI's help. */
export const MANIFEST_EXAMPLE = `[{ "name": "Dusty Tape Drums", "price": "24.99", "category": "sample-packs", "file": "dusty.zip", "cover": "dusty.png", "preview": "dusty.mp3", "bpm": 90, "tags": "drums, lo-fi", "types": "loops, one-shots" }]`
