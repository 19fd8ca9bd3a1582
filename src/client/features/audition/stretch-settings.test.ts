import { describe, expect, it } from 'vitest'
import {
  clampKeyShift,
  clampMyBpm,
  DEFAULT_AUDITION,
  describeAudition,
  isTempoLimited,
  parseAuditionSettings,
  parseMyBpm,
  stretchedDuration,
  stretchPlan,
  tempoRatio,
} from './stretch-settings.ts'

const warehouseTechno = { bpm: 130, musicKey: 'Dm' }

describe('tempoRatio', () => {
  it('brings a 120 BPM loop to 90 BPM at three quarters speed', () => {
    expect(tempoRatio(120, 90)).toBe(0.75)
  })

  it('plays as recorded when either tempo is missing', () => {
    expect(tempoRatio(null, 90)).toBe(1)
    expect(tempoRatio(120, null)).toBe(1)
  })

  it('holds the stretch within half and double speed', () => {
    expect(tempoRatio(130, 20)).toBe(0.5)
    expect(tempoRatio(70, 400)).toBe(2)
  })
})

describe('stretchedDuration', () => {
  it('lasts 4/3 as long at three quarters speed', () => {
    expect(stretchedDuration(4, 0.75)).toBeCloseTo(16 / 3, 10)
  })
})

describe('clampMyBpm and parseMyBpm', () => {
  it('keeps a typed tempo within 20–400 to a tenth', () => {
    expect(clampMyBpm(10)).toBe(20)
    expect(clampMyBpm(1000)).toBe(400)
    expect(clampMyBpm(97.46)).toBe(97.5)
    expect(clampMyBpm(Number.NaN)).toBeNull()
    expect(clampMyBpm(null)).toBeNull()
  })

  it('reads only a number in range as a tempo', () => {
    expect(parseMyBpm(' 90 ')).toBe(90)
    expect(parseMyBpm('')).toBeNull()
    expect(parseMyBpm('7')).toBeNull()
    expect(parseMyBpm('401')).toBeNull()
    expect(parseMyBpm('9o')).toBeNull()
    expect(parseMyBpm('-90')).toBeNull()
  })
})

describe('clampKeyShift', () => {
  it('rounds to whole semitones within an octave either way', () => {
    expect(clampKeyShift(2.4)).toBe(2)
    expect(clampKeyShift(-20)).toBe(-12)
    expect(clampKeyShift(Number.POSITIVE_INFINITY)).toBe(0)
  })
})

describe('stretchPlan', () => {
  it('asks for a tempo ratio and a key shift for a product with both', () => {
    expect(stretchPlan(warehouseTechno, { myBpm: 97.5, keyShift: 2 })).toEqual({ rate: 0.75, semitones: 2 })
  })

  it('plays as recorded when nothing changes', () => {
    expect(stretchPlan(warehouseTechno, DEFAULT_AUDITION)).toBeNull()
    expect(stretchPlan(warehouseTechno, { myBpm: 130, keyShift: 0 })).toBeNull()
  })

  it('changes no tempo for a product without one, and no key for one without a key', () => {
    expect(stretchPlan({ bpm: null, musicKey: 'Am' }, { myBpm: 90, keyShift: 0 })).toBeNull()
    expect(stretchPlan({ bpm: null, musicKey: 'Am' }, { myBpm: 90, keyShift: 3 })).toEqual({ rate: 1, semitones: 3 })
    expect(stretchPlan({ bpm: 120, musicKey: null }, { myBpm: 120, keyShift: 3 })).toBeNull()
    expect(stretchPlan({ bpm: 120, musicKey: null }, { myBpm: 60, keyShift: 3 })).toEqual({ rate: 0.5, semitones: 0 })
  })
})

describe('parseAuditionSettings', () => {
  it('reads stored settings back', () => {
    expect(parseAuditionSettings(JSON.stringify({ myBpm: 90, keyShift: -3 }))).toEqual({ myBpm: 90, keyShift: -3 })
  })

  it('falls back to the defaults for anything unreadable, and clamps what is out of range', () => {
    expect(parseAuditionSettings(null)).toEqual(DEFAULT_AUDITION)
    expect(parseAuditionSettings('{not json')).toEqual(DEFAULT_AUDITION)
    expect(parseAuditionSettings('"90"')).toEqual(DEFAULT_AUDITION)
    expect(parseAuditionSettings(JSON.stringify({ myBpm: 'fast', keyShift: 40 }))).toEqual({ myBpm: null, keyShift: 12 })
  })
})

describe('describeAudition', () => {
  it('says what is playing for a stretched and shifted loop', () => {
    expect(describeAudition(warehouseTechno, { myBpm: 90, keyShift: 2 })).toBe('130 → 90 BPM · D minor +2 → E minor')
    expect(describeAudition({ bpm: 100, musicKey: 'Am' }, { myBpm: null, keyShift: -3 })).toBe('100 BPM · A minor −3 → F# minor')
  })

  it('says the loop plays as recorded when nothing changes, or why nothing can', () => {
    expect(describeAudition(warehouseTechno, DEFAULT_AUDITION)).toBe('As recorded: 130 BPM · D minor')
    expect(describeAudition({ bpm: null, musicKey: null }, { myBpm: 90, keyShift: 2 })).toBe('No tempo or key on file: plays as recorded')
  })

  it('tells the tempo heard when My BPM is past the stretch limit', () => {
    expect(describeAudition(warehouseTechno, { myBpm: 40, keyShift: 0 })).toBe('130 → 65 BPM · D minor')
    expect(isTempoLimited(warehouseTechno, { myBpm: 40, keyShift: 0 })).toBe(true)
    expect(isTempoLimited(warehouseTechno, { myBpm: 90, keyShift: 0 })).toBe(false)
  })
})
