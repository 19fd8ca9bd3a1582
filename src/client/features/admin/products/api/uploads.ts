/**
 * The owner's uploads: the file goes up in resumable chunks (tus-js-client against
 * /api/admin/uploads), retrying through dropped connections and, after a reload, resuming an
 * upload of the same file where it stopped; then the finished upload is named to the product as
 * its file (a new file version, with its changelog for buyers), cover or preview.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Upload } from 'tus-js-client'
import type { ProductMediaView, UploadKind } from '../../../../../shared/contract/uploads.ts'
import { ApiError, apiRequest } from '../../../../api/http.ts'

/** Small enough for proxies' body limits and for little to resend after a drop. */
const CHUNK_BYTES = 16 * 1024 * 1024
/** A dropped connection is retried at once, then after 1, 3, 5 and 10 seconds. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000]

export interface UploadHandle {
  /** Resolves with the finished upload's id. */
  done: Promise<string>
  cancel: () => void
}

export function startUpload(file: File, kind: UploadKind, onProgress: (sent: number, total: number) => void): UploadHandle {
  let upload: Upload
  const done = new Promise<string>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: '/api/admin/uploads',
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      metadata: { kind, filename: file.name },
      onProgress,
      onSuccess: () => resolve(upload.url!.split('/').at(-1)!),
      onError: (error) => {
        const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse
        const body = parseErrorBody(response?.getBody())
        reject(
          new ApiError(
            body?.error?.message ?? 'The upload failed: check your connection and choose the file again',
            response?.getStatus() ?? 0,
            body?.error?.code ?? 'UPLOAD_FAILED',
          ),
        )
      },
    })
    // A file this browser already started sending goes on from where it stopped.
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0])
      upload.start()
    })
  })
  return { done, cancel: () => void upload.abort(true) }
}

export function useAttachUpload(productId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, uploadId, changelog, id = productId }: { kind: UploadKind; uploadId: string; changelog?: string; id?: string }) =>
      apiRequest<{ data: ProductMediaView }>(
        `/api/admin/products/${id}/${kind}`,
        { method: 'PUT', json: kind === 'file' && changelog?.trim() ? { uploadId, changelog } : { uploadId } },
        `Failed to save the ${kind}`,
      ).then((body) => body.data),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'products'] })
      await queryClient.invalidateQueries({ queryKey: ['products'] })
      await queryClient.invalidateQueries({ queryKey: ['catalog'] })
    },
  })
}

function parseErrorBody(text: string | undefined): { error?: { message?: string; code?: string } } | null {
  try {
    return text ? (JSON.parse(text) as { error?: { message?: string; code?: string } }) : null
  } catch {
    return null
  }
}
