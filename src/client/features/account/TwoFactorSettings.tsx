/**
 * The profile's optional two-factor sign-in (TOTP). Turning it on asks for the password, shows
 * the authenticator key and backup codes, and takes effect once a first code checks out;
 * turning it off asks for the password again.
 */
import { useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { TextField } from '../../components/TextField.tsx'
import { authClient } from './auth-client.ts'
import { describeAuthError } from './auth-errors.ts'
import { FormMessage } from './AuthCard.tsx'

type Step = { name: 'idle' } | { name: 'password'; action: 'enable' | 'disable' } | { name: 'setup'; totpURI: string; backupCodes: string[] }

const FAILED = 'Two-factor settings could not be changed'

/** The base32 key inside an otpauth:// URI, grouped by four for typing into an app by hand. */
export function totpKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? ''
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

export function TwoFactorSettings({ enabled, onChanged }: { enabled: boolean; onChanged: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'idle' })

  if (step.name === 'password') {
    return (
      <PasswordStep
        action={step.action}
        onCancel={() => setStep({ name: 'idle' })}
        onEnabled={(totpURI, backupCodes) => setStep({ name: 'setup', totpURI, backupCodes })}
        onDisabled={() => {
          toast.success('Two-factor authentication is off')
          setStep({ name: 'idle' })
          onChanged()
        }}
      />
    )
  }
  if (step.name === 'setup') {
    return (
      <SetupStep
        totpURI={step.totpURI}
        backupCodes={step.backupCodes}
        onCancel={() => setStep({ name: 'idle' })}
        onVerified={() => {
          toast.success('Two-factor authentication is on')
          setStep({ name: 'idle' })
          onChanged()
        }}
      />
    )
  }
  return (
    <div>
      <p className="text-sm text-zinc-400">
        {enabled
          ? 'On: signing in asks for a code from your authenticator app after your password.'
          : 'Off. Add a second step to sign-in with a code from an authenticator app.'}
      </p>
      <button type="button" className="btn btn-secondary mt-4" onClick={() => setStep({ name: 'password', action: enabled ? 'disable' : 'enable' })}>
        {enabled ? 'Turn off two-factor' : 'Turn on two-factor'}
      </button>
    </div>
  )
}

interface PasswordStepProps {
  action: 'enable' | 'disable'
  onCancel: () => void
  onEnabled: (totpURI: string, backupCodes: string[]) => void
  onDisabled: () => void
}

function PasswordStep({ action, onCancel, onEnabled, onDisabled }: PasswordStepProps) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [working, setWorking] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!password) return
    setError(null)
    setWorking(true)
    try {
      if (action === 'enable') {
        const result = await authClient.twoFactor.enable({ password })
        if (result.error) throw result.error
        if (result.data.method !== 'totp') throw new Error(FAILED)
        onEnabled(result.data.totpURI, result.data.backupCodes)
      } else {
        const result = await authClient.twoFactor.disable({ password })
        if (result.error) throw result.error
        onDisabled()
      }
    } catch (caught) {
      setError(describeAuthError(caught, FAILED))
      setWorking(false)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label="Confirm your password"
        type="password"
        name="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" disabled={!password || working} className="btn btn-primary">
          {working ? 'Checking...' : action === 'enable' ? 'Continue' : 'Turn off two-factor'}
        </button>
        <button type="button" disabled={working} className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

interface SetupStepProps {
  totpURI: string
  backupCodes: string[]
  onCancel: () => void
  onVerified: () => void
}

function SetupStep({ totpURI, backupCodes, onCancel, onVerified }: SetupStepProps) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [working, setWorking] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = code.replace(/\s+/g, '')
    if (!value) return
    setError(null)
    setWorking(true)
    try {
      const result = await authClient.twoFactor.verifyTotp({ code: value })
      if (result.error) throw result.error
      onVerified()
    } catch (caught) {
      setError(describeAuthError(caught, FAILED))
      setWorking(false)
    }
  }

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-zinc-300 marker:text-zinc-500">
        <li>
          Add Audio Lab Store to your authenticator app: on this device,{' '}
          <a href={totpURI} className="font-semibold text-brand-300 underline underline-offset-2 hover:text-brand-200">
            open it in your app
          </a>
          , or type this key:
          <code
            aria-label="Authenticator key"
            className="mt-2 block rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 font-mono text-sm tracking-wider break-all text-white"
          >
            {totpKey(totpURI)}
          </code>
        </li>
        <li>
          Save these backup codes somewhere safe. Each one signs you in once if you lose your phone.
          <ul
            aria-label="Backup codes"
            className="mt-2 grid grid-cols-2 gap-1.5 rounded-lg border border-zinc-800 bg-zinc-950/60 p-3 font-mono text-sm text-white sm:grid-cols-3"
          >
            {backupCodes.map((backupCode) => (
              <li key={backupCode}>{backupCode}</li>
            ))}
          </ul>
        </li>
        <li>Enter the 6-digit code your app shows to finish.</li>
      </ol>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="submit" disabled={!code.trim() || working} className="btn btn-primary">
            {working ? 'Verifying...' : 'Verify and turn on'}
          </button>
          <button type="button" disabled={working} className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  )
}
