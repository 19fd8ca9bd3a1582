/**
 * /admin/categories: the store's categories in the order shoppers see them, with their product
 * counts; create, edit (the slug stays unless changed; an old slug keeps working), move up or
 * down, and delete an empty one.
 */
import { useState } from 'react'
import toast from 'react-hot-toast'
import type { AdminCategory } from '../../../shared/contract/admin-categories.ts'
import { ListSkeleton } from '../../components/ListSkeleton.tsx'
import { AdminLoadFailed } from '../../features/admin/AdminLayout.tsx'
import { useAdminCategories, useCreateCategory, useDeleteCategory, useReorderCategories, useUpdateCategory } from '../../features/admin/api/categories.ts'
import { CategoryForm } from '../../features/admin/CategoryForm.tsx'

export default function AdminCategoriesPage() {
  const categories = useAdminCategories()
  const create = useCreateCategory()
  return (
    <>
      <title>Categories | Owner console | Audio Lab Store</title>
      <h1 className="text-2xl font-bold tracking-tight text-white">Categories</h1>
      <section aria-labelledby="new-category" className="mt-5 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-5">
        <h2 id="new-category" className="mb-4 text-base font-semibold text-white">
          New category
        </h2>
        <CategoryForm submitLabel="Create category" onSubmit={async (values) => {
          await create.mutateAsync(values)
          toast.success(`Category "${values.name}" created`)
        }} />
      </section>
      {categories.isPending ? (
        <ListSkeleton label="Loading categories…" />
      ) : categories.isError ? (
        <div className="mt-6">
          <AdminLoadFailed error={categories.error} onRetry={() => void categories.refetch()} />
        </div>
      ) : (
        <ol aria-label="Categories in store order" className="mt-6 divide-y divide-zinc-800 rounded-2xl border border-zinc-800 bg-zinc-950/40">
          {categories.data.map((category, index) => (
            <CategoryRow key={category.id} category={category} index={index} all={categories.data} />
          ))}
        </ol>
      )}
    </>
  )
}

function CategoryRow({ category, index, all }: { category: AdminCategory; index: number; all: AdminCategory[] }) {
  const [editing, setEditing] = useState(false)
  const update = useUpdateCategory()
  const reorder = useReorderCategories()
  const remove = useDeleteCategory()

  const move = (by: -1 | 1) => {
    const ids = all.map((entry) => entry.id)
    ;[ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!]
    reorder.mutate(ids, { onError: (error) => toast.error(error.message) })
  }

  if (editing) {
    return (
      <li className="p-4">
        <CategoryForm
          initial={{ name: category.name, slug: category.slug, description: category.description ?? '' }}
          submitLabel="Save"
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            await update.mutateAsync({ id: category.id, ...values })
            toast.success('Category saved')
            setEditing(false)
          }}
        />
      </li>
    )
  }
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-white">{category.name}</p>
        <p className="text-sm text-zinc-400">
          /{category.slug} · {category.products} {category.products === 1 ? 'product' : 'products'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" disabled={index === 0 || reorder.isPending} onClick={() => move(-1)} aria-label={`Move ${category.name} up`}>
          Up
        </button>
        <button type="button" className="btn btn-secondary" disabled={index === all.length - 1 || reorder.isPending} onClick={() => move(1)} aria-label={`Move ${category.name} down`}>
          Down
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)} aria-label={`Edit ${category.name}`}>
          Edit
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={category.products > 0 || remove.isPending}
          title={category.products > 0 ? 'Move or delete its products first' : undefined}
          aria-label={`Delete ${category.name}`}
          onClick={() => {
            if (!window.confirm(`Delete the category "${category.name}"?`)) return
            remove.mutate(category.id, { onSuccess: () => toast.success('Category deleted'), onError: (error) => toast.error(error.message) })
          }}
        >
          Delete
        </button>
      </div>
    </li>
  )
}
