/**
 * The product form's uploads: a file picked for a saved product goes up at once; one picked
 * while the product is new waits until it is created. Each kind keeps its own progress and
 * error, so a refused cover does not stop the product file. A product file becomes the product's
 * next file version, with the changelog typed beside it: a draft buyers do not get until the
 * owner publishes it, unless the product had no file yet.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import toast from 'react-hot-toast'
import { fileVersionLabel } from '../../../../shared/contract/product-file-versions.ts'
import { tooLargeMessage, UPLOAD_KINDS, UPLOAD_RULES, type UploadKind } from '../../../../shared/contract/uploads.ts'
import { fileVersionsQuery } from './api/get-file-versions.ts'
import { startUpload, useAttachUpload } from './api/uploads.ts'

export interface MediaFieldState {
  /** Chosen for a product not created yet: it goes up once the product exists. */
  queued?: File
  /** Bytes sent of the file going up now. */
  progress?: { sent: number; total: number; fileName: string }
  error?: string
}

export type MediaFieldStates = Partial<Record<UploadKind, MediaFieldState>>

/** The words for a file the browser can already tell is wrong, or null. */
export function refusalOf(kind: UploadKind, file: File): string | null {
  const rule = UPLOAD_RULES[kind]
  const extension = file.name.includes('.') ? `.${file.name.split('.').at(-1)!.toLowerCase()}` : ''
  if (rule.extensions && !rule.extensions.includes(extension)) return rule.typeMessage
  if (file.size === 0) return `The ${rule.label.toLowerCase()} is empty`
  if (file.size > rule.maxBytes) return tooLargeMessage(kind, rule.maxBytes)
  return null
}

export function useMediaUploads(productId: string | undefined) {
  const queryClient = useQueryClient()
  const attach = useAttachUpload(productId)
  const [states, setStates] = useState<MediaFieldStates>({})
  const [changelog, setChangelog] = useState('')
  const update = (kind: UploadKind, next: MediaFieldState) => setStates((current) => ({ ...current, [kind]: next }))

  /** "Version 2 is a draft…" or "Version 1 is live": what the upload became, read back from the server. */
  async function describeNewVersion(id: string): Promise<string> {
    try {
      const newest = (await queryClient.fetchQuery(fileVersionsQuery(id))).versions[0]
      if (newest) return newest.live ? `${fileVersionLabel(newest)} is live` : `${fileVersionLabel(newest)} saved as a draft: buyers get it once you publish it`
    } catch {
      // The upload itself succeeded; the list shows the version once it loads.
    }
    return `${UPLOAD_RULES.file.label} saved`
  }

  /** Sends the file and makes it the product's; false (with the error shown) when it failed. */
  async function send(kind: UploadKind, file: File, id: string): Promise<boolean> {
    const fileName = file.name
    update(kind, { progress: { sent: 0, total: file.size, fileName } })
    try {
      const uploadId = await startUpload(file, kind, (sent, total) => update(kind, { progress: { sent, total, fileName } })).done
      await attach.mutateAsync({ kind, uploadId, id, changelog: kind === 'file' ? changelog : undefined })
      update(kind, {})
      if (kind === 'file') {
        setChangelog('')
        toast.success(await describeNewVersion(id))
      } else {
        toast.success(`${UPLOAD_RULES[kind].label} saved`)
      }
      return true
    } catch (error) {
      update(kind, { error: error instanceof Error ? error.message : `Failed to save the ${UPLOAD_RULES[kind].label.toLowerCase()}` })
      return false
    }
  }

  return {
    states,
    busy: Object.values(states).some((state) => state?.progress !== undefined),
    /** The product file is chosen and waiting for the product to be created. */
    fileQueued: Boolean(states.file?.queued),
    /** The buyers' one line about the next product file, sent with it. */
    changelog,
    setChangelog,
    pick(kind: UploadKind, file: File) {
      const refusal = refusalOf(kind, file)
      if (refusal) update(kind, { error: refusal })
      else if (!productId) update(kind, { queued: file })
      else void send(kind, file, productId)
    },
    /** After the product is created: sends what was waiting, one after another; true when all went up. */
    async sendQueued(id: string): Promise<boolean> {
      let allSent = true
      for (const kind of UPLOAD_KINDS) {
        const file = states[kind]?.queued
        if (file) allSent = (await send(kind, file, id)) && allSent
      }
      return allSent
    },
  }
}

export type MediaUploads = ReturnType<typeof useMediaUploads>
