/**
 * The producer's "My BPM" and "Key shift" for this browser session (sessionStorage
 * `als_audition`), shared by every product page. Read after hydration, so the server's page and
 * the browser's first render agree.
 */
import { create } from 'zustand'
import { clampKeyShift, clampMyBpm, DEFAULT_AUDITION, parseAuditionSettings, type AuditionSettings } from './stretch-settings.ts'

const STORAGE_KEY = 'als_audition'

interface AuditionSettingsState {
  settings: AuditionSettings
  /** True once the session's settings were read. */
  restored: boolean
  restore: () => void
  setMyBpm: (myBpm: number | null) => void
  setKeyShift: (keyShift: number) => void
  reset: () => void
}

function readSession(): AuditionSettings {
  try {
    return parseAuditionSettings(window.sessionStorage.getItem(STORAGE_KEY))
  } catch {
    return DEFAULT_AUDITION
  }
}

function writeSession(settings: AuditionSettings): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(settings))
  } catch {
    // Storage refused (private mode, quota): the settings still hold for this page.
  }
}

export const useAuditionSettings = create<AuditionSettingsState>((set, get) => {
  const save = (settings: AuditionSettings) => {
    writeSession(settings)
    set({ settings, restored: true })
  }
  return {
    settings: DEFAULT_AUDITION,
    restored: false,
    restore: () => {
      if (!get().restored) set({ settings: readSession(), restored: true })
    },
    setMyBpm: (myBpm) => save({ ...get().settings, myBpm: clampMyBpm(myBpm) }),
    setKeyShift: (keyShift) => save({ ...get().settings, keyShift: clampKeyShift(keyShift) }),
    reset: () => save(DEFAULT_AUDITION),
  }
})
