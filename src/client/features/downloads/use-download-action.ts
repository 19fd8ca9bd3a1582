/**
 * A bought item's Download button, in the download hub and on a private order page: asks for a
 * grant (one download spent) through the request it is given, hands the signed URL to the
 * browser and toasts "Download started for {name}"; on failure toasts "Download failed" and
 * keeps the mapped text beside that product. Each item is "preparing" on its own, so a slow
 * grant for one pack does not block another.
 */
import { useRef, useState } from 'react'
import toast from 'react-hot-toast'
import type { CreateDownloadBody, CreateDownloadResponse, Purchase } from '../../../shared/contract/downloads.ts'
import { ApiError } from '../../api/http.ts'
import { DOWNLOAD_MESSAGES, downloadErrorMessage } from './download-errors.ts'
import { startBrowserDownload } from './start-browser-download.ts'

export interface DownloadAction {
  download: (purchase: Purchase) => Promise<void>
  isPreparing: (purchaseId: string) => boolean
  errorOf: (purchaseId: string) => string | null
}

/** Spends one download of an item and answers its signed URL: the hub's own, or one order's through its private link. */
export type RequestGrant = (request: CreateDownloadBody) => Promise<CreateDownloadResponse>

export function useDownloadAction(requestGrant: RequestGrant): DownloadAction {
  const [preparing, setPreparing] = useState<ReadonlySet<string>>(new Set())
  // A second click before the re-render must not spend a second download.
  const inFlight = useRef(new Set<string>())
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({})

  function setPreparingOf(id: string, on: boolean) {
    setPreparing((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  }

  function setErrorOf(id: string, message: string | null) {
    setErrors((current) => {
      const { [id]: _dropped, ...rest } = current
      return message === null ? rest : { ...rest, [id]: message }
    })
  }

  async function download(purchase: Purchase) {
    if (inFlight.current.has(purchase.id) || purchase.downloadsRemaining <= 0) return
    inFlight.current.add(purchase.id)
    setPreparingOf(purchase.id, true)
    setErrorOf(purchase.id, null)
    try {
      const grant = await requestGrant({ orderItemId: purchase.id, productId: purchase.productId })
      startBrowserDownload(grant.downloadUrl)
      toast.success(DOWNLOAD_MESSAGES.started(purchase.product.name))
    } catch (error) {
      toast.error(DOWNLOAD_MESSAGES.failedToast)
      const failure = error instanceof ApiError ? { message: error.message, status: error.status, code: error.code } : {}
      setErrorOf(purchase.id, downloadErrorMessage(failure))
    } finally {
      inFlight.current.delete(purchase.id)
      setPreparingOf(purchase.id, false)
    }
  }

  return { download, isPreparing: (id) => preparing.has(id), errorOf: (id) => errors[id] ?? null }
}
