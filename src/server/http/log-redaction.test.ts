/** The request log: one line per request, which never carries a download signature, an email or password-reset token, a private order link, or a cookie. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { redactUrl } from './log-redaction.ts'

describe('redactUrl', () => {
  it('hides secret query values and reset tokens in the path, and keeps the rest', () => {
    expect(redactUrl('/api/downloads/file/abc?expires=123&signature=s3cr3t')).toBe('/api/downloads/file/abc?expires=123&signature=[redacted]')
    expect(redactUrl('/api/auth/verify-email?token=t0k&callbackURL=%2Fx')).toBe('/api/auth/verify-email?token=[redacted]&callbackURL=%2Fx')
    expect(redactUrl('/api/auth/reset-password/r3s3t?callbackURL=%2Fy')).toBe('/api/auth/reset-password/[redacted]?callbackURL=%2Fy')
    expect(redactUrl('/orders/access/pr1v4te')).toBe('/orders/access/[redacted]')
    expect(redactUrl('/api/order-access/pr1v4te/downloads')).toBe('/api/order-access/[redacted]/downloads')
    expect(redactUrl('/api/products?search=kick&limit=5')).toBe('/api/products?search=kick&limit=5')
  })

  it('hides the secret of every kind of link the secret-route list names, and only that', () => {
    expect(redactUrl('/free/cl41m?utm_source=email')).toBe('/free/[redacted]?utm_source=email')
    expect(redactUrl('/email-preferences/cart-reminders/aWQ.bWFj')).toBe('/email-preferences/cart-reminders/[redacted]')
    expect(redactUrl('/payment/success?session_id=cs_test_abc&cart=keep')).toBe('/payment/success?session_id=[redacted]&cart=keep')
    expect(redactUrl('/api/builtin-pay/sessions/cs_test_abc/confirm')).toBe('/api/builtin-pay/sessions/[redacted]/confirm')
    // The browser's router ignores case, so the list does too.
    expect(redactUrl('/Orders/Access/pr1v4te')).toBe('/Orders/Access/[redacted]')
    // The same words elsewhere are not secrets: a musical key, a product whose slug starts like a route.
    expect(redactUrl('/api/products?key=Cm&limit=5')).toBe('/api/products?key=Cm&limit=5')
    expect(redactUrl('/payment/successful-drums')).toBe('/payment/successful-drums')
    expect(redactUrl('/free')).toBe('/free')
  })
})

describe('the request log', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } })
  })
  afterAll(async () => t?.close())

  it('writes one line per request: its method, address, status and time', async () => {
    lines.length = 0
    await t.app.inject('/api/products?limit=2')
    const entries = lines
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; req?: { url?: string }; responseTime?: number })
    const aboutIt = entries.filter((entry) => entry.req?.url === '/api/products?limit=2')
    expect(aboutIt).toHaveLength(1)
    expect(aboutIt[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET' }, res: { statusCode: 200 } })
    expect(aboutIt[0]?.responseTime).toBeGreaterThan(0)
  })

  it('shows each request without its secrets', async () => {
    const grant = crypto.randomUUID()
    await t.app.inject(`/api/downloads/file/${grant}?expires=${Math.floor(Date.now() / 1000) + 60}&signature=SIGNATURESECRET123`)
    await t.app.inject('/api/auth/verify-email?token=VERIFYTOKENSECRET456&callbackURL=%2Femail-confirmation')
    await t.app.inject('/api/auth/reset-password/RESETTOKENSECRET789?callbackURL=%2Freset-password%2Fconfirm')
    await t.app.inject({
      url: '/api/products?limit=1',
      headers: { cookie: 'better-auth.session_token=COOKIESECRET000', authorization: 'Bearer AUTHSECRET111' },
    })

    const log = lines.join('')
    expect(log).toContain(`/api/downloads/file/${grant}`)
    expect(log).toContain('signature=[redacted]')
    expect(log).toContain('/api/auth/reset-password/[redacted]')
    for (const secret of ['SIGNATURESECRET123', 'VERIFYTOKENSECRET456', 'RESETTOKENSECRET789', 'COOKIESECRET000', 'AUTHSECRET111'])
      expect(log).not.toContain(secret)
  })
})
