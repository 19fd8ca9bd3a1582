/**
 * The groove of each musical style the demo catalog uses: 16-step drum, bass and chord
 * patterns plus the default sounds, written as step strings a producer can read.
 */

export type Style =
  'lofi' | 'boom-bap' | 'neo-soul' | 'trap' | 'house' | 'deep-house' | 'techno' | 'garage' | 'dnb' | 'synthwave' | 'afro-house' | 'cinematic' | 'ambient'

export type DrumName = 'kick' | 'snare' | 'clap' | 'rim' | 'hat' | 'openhat' | 'shaker' | 'tom' | 'conga'
export type ChordSound = 'epiano' | 'pad' | 'stab' | 'pluck' | 'organ' | 'strings' | 'bell' | 'supersaw'
export type BassSound = 'sub' | '808' | 'saw' | 'reese' | 'round' | 'acid'
export type LeadSound = 'square' | 'saw' | 'pluck' | 'bell' | 'flute'

/**
 * Step strings, one character per 16th note of a 4/4 bar.
 * Drums: X accent, x normal, o ghost, r a 32nd-note roll (hats), . rest.
 * Bass and chords: x note, o note an octave up (bass), - hold the previous note, . rest.
 */
export interface Groove {
  drums: Partial<Record<DrumName, string>>
  bass: string
  chords: string
  swing: number
  chordSize: number
  chordSound: ChordSound
  bassSound: BassSound
  leadSound: LeadSound
  /** Share of 8th-note slots the generated melody fills. */
  leadDensity: number
  /** 16ths, or 8ths for slow styles where 16th arps blur. */
  arpRate: 1 | 2
}

export const GROOVES: Record<Style, Groove> = {
  lofi: {
    drums: { kick: 'X......x..X.....', snare: '....X.......X...', hat: 'x.x.x.xox.x.x.xo', rim: '..............o.' },
    bass: 'x-----.x--x-----',
    chords: 'x-------.x------',
    swing: 0.22,
    chordSize: 4,
    chordSound: 'epiano',
    bassSound: 'round',
    leadSound: 'flute',
    leadDensity: 0.35,
    arpRate: 2,
  },
  'boom-bap': {
    drums: { kick: 'X.......X.x.....', snare: '....X.......X...', hat: 'x.xox.x.x.xox.x.', openhat: '..............x.' },
    bass: 'x--.....x-x.....',
    chords: 'x-------x-------',
    swing: 0.16,
    chordSize: 4,
    chordSound: 'strings',
    bassSound: 'round',
    leadSound: 'bell',
    leadDensity: 0.3,
    arpRate: 2,
  },
  'neo-soul': {
    drums: { kick: 'X......x.x......', snare: '....X.......X..o', hat: 'xoxoxoxoxoxoxoxo', rim: '.......o......o.' },
    bass: 'x---.x-x----x-.x',
    chords: 'x-----x---------',
    swing: 0.2,
    chordSize: 5,
    chordSound: 'epiano',
    bassSound: 'round',
    leadSound: 'flute',
    leadDensity: 0.4,
    arpRate: 2,
  },
  trap: {
    drums: { kick: 'X......x..x.....', snare: '........X.......', hat: 'x.x.x.x.xrx.x.rr', openhat: '......x.........' },
    bass: 'x------x--x-----',
    chords: 'x---------------',
    swing: 0,
    chordSize: 3,
    chordSound: 'bell',
    bassSound: '808',
    leadSound: 'bell',
    leadDensity: 0.4,
    arpRate: 2,
  },
  house: {
    drums: { kick: 'X...X...X...X...', clap: '....X.......X...', hat: 'o.o.o.o.o.o.o.o.', openhat: '..x...x...x...x.', shaker: 'oxoooxoooxoooxoo' },
    bass: '..x-..x-..x-..x-',
    chords: '...x-.....x-..x.',
    swing: 0.08,
    chordSize: 4,
    chordSound: 'stab',
    bassSound: 'saw',
    leadSound: 'pluck',
    leadDensity: 0.35,
    arpRate: 1,
  },
  'deep-house': {
    drums: { kick: 'X...X...X...X...', clap: '....x.......x...', hat: '..x...x...x...x.', shaker: 'xoxoxoxoxoxoxoxo', rim: '...o..o....o....' },
    bass: 'x-.x..x-..x...x.',
    chords: 'x-..x-....x-....',
    swing: 0.12,
    chordSize: 4,
    chordSound: 'organ',
    bassSound: 'round',
    leadSound: 'pluck',
    leadDensity: 0.3,
    arpRate: 1,
  },
  techno: {
    drums: { kick: 'X...X...X...X...', clap: '....o.......o...', openhat: '..X...X...X...X.', hat: 'oxooox.oooxooxoo', rim: '...x..x....x.x..' },
    bass: '.xxx.xxx.xxx.xxx',
    chords: 'x---............',
    swing: 0,
    chordSize: 3,
    chordSound: 'stab',
    bassSound: 'acid',
    leadSound: 'saw',
    leadDensity: 0.25,
    arpRate: 1,
  },
  garage: {
    drums: { kick: 'X.........x.....', snare: '....X.......X...', hat: 'x.xxx.xxx.xxx.xx', rim: '..x....x.x....x.' },
    bass: 'x--..x-...x-.x-.',
    chords: '..x..x.....x..x.',
    swing: 0.28,
    chordSize: 4,
    chordSound: 'organ',
    bassSound: 'sub',
    leadSound: 'pluck',
    leadDensity: 0.35,
    arpRate: 1,
  },
  dnb: {
    drums: { kick: 'X.........X.....', snare: '....X..o....X..o', hat: 'x.x.x.x.x.x.x.x.', shaker: 'oooooooooooooooo' },
    bass: 'x-------x---x---',
    chords: 'x---------------',
    swing: 0,
    chordSize: 4,
    chordSound: 'pad',
    bassSound: 'reese',
    leadSound: 'pluck',
    leadDensity: 0.3,
    arpRate: 1,
  },
  synthwave: {
    drums: { kick: 'X.......X.......', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
    bass: 'x.o.x.o.x.o.x.o.',
    chords: 'x---------------',
    swing: 0,
    chordSize: 3,
    chordSound: 'supersaw',
    bassSound: 'saw',
    leadSound: 'saw',
    leadDensity: 0.35,
    arpRate: 1,
  },
  'afro-house': {
    drums: { kick: 'X...X...X...X...', rim: '...x..x....x..x.', conga: 'x..x..x...x.x...', shaker: 'oxoxoxoxoxoxoxox', openhat: '..o...o...o...o.' },
    bass: 'x..x..x-..x..x..',
    chords: 'x..x..x.x..x..x.',
    swing: 0.1,
    chordSize: 3,
    chordSound: 'pluck',
    bassSound: 'round',
    leadSound: 'flute',
    leadDensity: 0.3,
    arpRate: 1,
  },
  cinematic: {
    drums: { tom: 'X..x..x.X..x..x.', kick: 'X.......X.......' },
    bass: 'x---------------',
    chords: 'x---------------',
    swing: 0,
    chordSize: 3,
    chordSound: 'strings',
    bassSound: 'sub',
    leadSound: 'pluck',
    leadDensity: 0.25,
    arpRate: 1,
  },
  ambient: {
    drums: { shaker: 'o.o.o.o.o.o.o.o.', rim: '........o.......' },
    bass: 'x---------------',
    chords: 'x---------------',
    swing: 0,
    chordSize: 4,
    chordSound: 'pad',
    bassSound: 'sub',
    leadSound: 'bell',
    leadDensity: 0.2,
    arpRate: 2,
  },
}

/** Velocity of a step character, or null for a rest. */
export function stepVelocity(char: string): number | null {
  if (char === 'X') return 1
  if (char === 'x' || char === 'r') return 0.78
  if (char === 'o') return 0.45
  return null
}
