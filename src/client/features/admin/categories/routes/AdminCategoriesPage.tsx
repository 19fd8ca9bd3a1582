/**
 * /admin/categories: the store's categories in the order shoppers see them, with their product
 * counts; create, edit (the slug stays unless changed; an old slug keeps working), move up or
 * down, and delete an empty one. An edit is saved over the version it was opened at: when
 * someone else saved the category since, the form says so and Reload shows it as it is now.
 */
import { useState } from 'react'
import toast from 'react-hot-toast'
import type { AdminCategory } from '../../../../../shared/contract/admin-categories.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { useAdminCategories, useCreateCategory, useDeleteCategory, useReorderCategories, useUpdateCategory } from '../api/categories.ts'
import { CategoryForm } from '../CategoryForm.tsx'

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
        <CategoryForm
          submitLabel="Create category"
          onSubmit={async (values) => {
            await create.mutateAsync(values)
            toast.success(`Category "${values.name}" created`)
          }}
        />
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
            <CategoryRow
              key={category.id}
              category={category}
              index={index}
              all={categories.data}
              reload={async () => (await categories.refetch()).data ?? []}
            />
          ))}
        </ol>
      )}
    </>
  )
}

interface CategoryRowProps {
  category: AdminCategory
  index: number
  all: AdminCategory[]
  /** Fetches the list again and answers it. */
  reload: () => Promise<AdminCategory[]>
}

function CategoryRow({ category, index, all, reload }: CategoryRowProps) {
  /** The category as it was when Edit was clicked: its version is the one the save is made over. */
  const [editing, setEditing] = useState<AdminCategory | null>(null)
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
          key={editing.version}
          initial={{ name: editing.name, slug: editing.slug, description: editing.description ?? '' }}
          submitLabel="Save"
          onCancel={() => setEditing(null)}
          onReload={() => void reload().then((fresh) => setEditing(fresh.find((entry) => entry.id === editing.id) ?? null))}
          onSubmit={async (values) => {
            await update.mutateAsync({ id: editing.id, version: editing.version, ...values })
            toast.success('Category saved')
            setEditing(null)
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
        <button
          type="button"
          className="btn btn-secondary"
          disabled={index === 0 || reorder.isPending}
          onClick={() => move(-1)}
          aria-label={`Move ${category.name} up`}
        >
          Up
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={index === all.length - 1 || reorder.isPending}
          onClick={() => move(1)}
          aria-label={`Move ${category.name} down`}
        >
          Down
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setEditing(category)} aria-label={`Edit ${category.name}`}>
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
