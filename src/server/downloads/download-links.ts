/**
 * Signed download URLs: `/api/downloads/file/{grantId}?expires={unix seconds}&signature={mac}`,
 * where the MAC is HMAC-SHA256 over the grant id and expiry under a key derived from
 * AUTH_SECRET. The URL is the credential (no session needed, so download managers can resume);
 * it names one grant and works until it expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const DOWNLOAD_FILE_PATH = '/api/downloads/file'

export type LinkVerdict = { ok: true } | { ok: false; reason: 'invalid' | 'expired' }

export interface DownloadLinkSigner {
  /** The path and query of the grant's URL, and when it stops working. */
  sign(grantId: string, now?: Date): { url: string; expiresAt: Date }
  verify(grantId: string, expires: string | undefined, signature: string | undefined, now?: Date): LinkVerdict
}

export function createDownloadLinkSigner(authSecret: string, ttlSeconds: number): DownloadLinkSigner {
  // A key of its own: a MAC made for download links can never pass for a session or another link.
  const key = createHmac('sha256', authSecret).update('als/download-link/v1').digest()
  const mac = (grantId: string, expires: number) => createHmac('sha256', key).update(`${grantId}\n${expires}`).digest()

  return {
    sign(grantId, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + ttlSeconds
      const signature = mac(grantId, expires).toString('base64url')
      const url = `${DOWNLOAD_FILE_PATH}/${encodeURIComponent(grantId)}?expires=${expires}&signature=${signature}`
      return { url, expiresAt: new Date(expires * 1000) }
    },

    verify(grantId, expires, signature, now = new Date()) {
      if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return { ok: false, reason: 'invalid' }
      const given = Buffer.from(signature, 'base64url')
      const expected = mac(grantId, Number(expires))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' }
      // Checked after the MAC, so an altered expiry reads as tampering, not as expired.
      if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' }
      return { ok: true }
    },
  }
}
