/**
 * The product form's uploads: a file picked for a saved product goes up at once; one picked
 * while the product is new waits until it is created. Each kind keeps its own progress and
 * error, so a refused cover does not stop the product file.
 */
import { useState } from 'react'
import toast from 'react-hot-toast'
import { UPLOAD_KINDS, UPLOAD_RULES, type UploadKind } from '../../../shared/contract/uploads.ts'
import { startUpload, useAttachUpload } from './api/uploads.ts'
import { refusalOf, type MediaFieldState, type MediaFieldStates } from './ProductMediaFields.tsx'

export function useMediaUploads(productId: string | undefined) {
  const attach = useAttachUpload(productId)
  const [states, setStates] = useState<MediaFieldStates>({})
  const update = (kind: UploadKind, next: MediaFieldState) => setStates((current) => ({ ...current, [kind]: next }))

  /** Sends the file and makes it the product's; false (with the error shown) when it failed. */
  async function send(kind: UploadKind, file: File, id: string): Promise<boolean> {
    const fileName = file.name
    update(kind, { progress: { sent: 0, total: file.size, fileName } })
    try {
      const uploadId = await startUpload(file, kind, (sent, total) => update(kind, { progress: { sent, total, fileName } })).done
      await attach.mutateAsync({ kind, uploadId, id })
      update(kind, {})
      toast.success(`${UPLOAD_RULES[kind].label} saved`)
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
