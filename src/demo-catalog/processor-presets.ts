/** Parameter sheets shipped with the processor products: compressor, tape echo and saturation settings. */

export interface Preset {
  name: string
  use: string
  settings: Record<string, string | number>
}

export const COMPRESSOR_PRESETS: Preset[] = [
  {
    name: 'Drum Bus Glue',
    use: 'Drum bus, gentle cohesion',
    settings: { threshold_db: -18, ratio: 2, attack_ms: 30, release: 'auto', knee_db: 6, makeup_db: 2, sidechain_hpf_hz: 90, mix_percent: 100 },
  },
  {
    name: 'Drum Bus Smash',
    use: 'Parallel drum crush, blend to taste',
    settings: { threshold_db: -30, ratio: 10, attack_ms: 1, release_ms: 80, knee_db: 0, makeup_db: 10, sidechain_hpf_hz: 60, mix_percent: 30 },
  },
  {
    name: 'Mix Bus 2 dB',
    use: 'Mix bus, two decibels of glue on the loudest parts',
    settings: { threshold_db: -12, ratio: 1.5, attack_ms: 30, release: 'auto', knee_db: 10, makeup_db: 1, sidechain_hpf_hz: 120, mix_percent: 100 },
  },
  {
    name: 'Mix Bus Punch',
    use: 'Mix bus for dance music: lets transients through',
    settings: { threshold_db: -14, ratio: 2, attack_ms: 10, release_ms: 100, knee_db: 6, makeup_db: 2, sidechain_hpf_hz: 150, mix_percent: 100 },
  },
  {
    name: 'Vocal Leveler',
    use: 'Lead vocal, even level before the de-esser',
    settings: { threshold_db: -20, ratio: 3, attack_ms: 5, release_ms: 60, knee_db: 6, makeup_db: 4, sidechain_hpf_hz: 100, mix_percent: 100 },
  },
  {
    name: 'Vocal Upfront',
    use: 'Rap and pop vocals that sit on top of a busy beat',
    settings: { threshold_db: -24, ratio: 4, attack_ms: 3, release_ms: 40, knee_db: 3, makeup_db: 6, sidechain_hpf_hz: 120, mix_percent: 100 },
  },
  {
    name: 'Bass Hold',
    use: 'Bass guitar or synth bass, steady low end',
    settings: { threshold_db: -18, ratio: 4, attack_ms: 15, release_ms: 120, knee_db: 6, makeup_db: 3, sidechain_hpf_hz: 0, mix_percent: 100 },
  },
  {
    name: '808 Tamer',
    use: 'Long 808s that jump out on some notes',
    settings: { threshold_db: -16, ratio: 3, attack_ms: 20, release_ms: 200, knee_db: 6, makeup_db: 2, sidechain_hpf_hz: 0, mix_percent: 100 },
  },
  {
    name: 'Kick Ducker',
    use: 'Sidechain bass or pads from the kick (pumping)',
    settings: { threshold_db: -30, ratio: 8, attack_ms: 0.5, release: '1/8 note (see chart)', knee_db: 0, makeup_db: 0, sidechain: 'kick', mix_percent: 100 },
  },
  {
    name: 'Room Squash',
    use: 'Room mics or drum loops, bring the ambience up',
    settings: { threshold_db: -28, ratio: 8, attack_ms: 2, release_ms: 150, knee_db: 0, makeup_db: 8, sidechain_hpf_hz: 0, mix_percent: 50 },
  },
  {
    name: 'Acoustic Gentle',
    use: 'Acoustic guitar and piano, transparent control',
    settings: { threshold_db: -16, ratio: 2, attack_ms: 20, release_ms: 150, knee_db: 10, makeup_db: 2, sidechain_hpf_hz: 80, mix_percent: 100 },
  },
  {
    name: 'Snare Crack',
    use: 'Snare top: longer attack for more crack',
    settings: { threshold_db: -20, ratio: 4, attack_ms: 25, release_ms: 70, knee_db: 3, makeup_db: 3, sidechain_hpf_hz: 150, mix_percent: 100 },
  },
]

export const ECHO_PRESETS: Preset[] = [
  {
    name: 'Slapback',
    use: 'Rockabilly and vocal thickening',
    settings: { time: '90 ms', feedback_percent: 0, high_cut_hz: 5000, low_cut_hz: 150, wow_percent: 5, mix_percent: 20 },
  },
  {
    name: 'Dotted Eighth',
    use: 'Synth leads and guitars: the classic dotted-8th pattern',
    settings: { time: '1/8 dotted', feedback_percent: 35, high_cut_hz: 4500, low_cut_hz: 200, wow_percent: 10, mix_percent: 25 },
  },
  {
    name: 'Quarter Tape',
    use: 'Vocal throws at the end of a phrase',
    settings: { time: '1/4', feedback_percent: 40, high_cut_hz: 3500, low_cut_hz: 250, wow_percent: 15, mix_percent: 30 },
  },
  {
    name: 'Ping-Pong Eighths',
    use: 'Wide plucks and hats',
    settings: { time: '1/8', feedback_percent: 45, high_cut_hz: 6000, low_cut_hz: 300, wow_percent: 5, mix_percent: 20, stereo: 'ping-pong' },
  },
  {
    name: 'Dub Throw',
    use: 'Snare and vocal throws that run away',
    settings: {
      time: '1/4 dotted',
      feedback_percent: 75,
      high_cut_hz: 2500,
      low_cut_hz: 400,
      wow_percent: 25,
      mix_percent: 100,
      note: 'automate the send, not the mix',
    },
  },
  {
    name: 'Triplet Bounce',
    use: 'Percussion and plucks in swing grooves',
    settings: { time: '1/8 triplet', feedback_percent: 30, high_cut_hz: 5000, low_cut_hz: 200, wow_percent: 8, mix_percent: 20 },
  },
  {
    name: 'Worn Cassette',
    use: 'Lo-fi keys: dark and wobbly',
    settings: { time: '1/4', feedback_percent: 45, high_cut_hz: 2200, low_cut_hz: 300, wow_percent: 40, mix_percent: 35 },
  },
  {
    name: 'Halo',
    use: 'Long pad tails, feedback into a reverb',
    settings: { time: '1/2', feedback_percent: 60, high_cut_hz: 3000, low_cut_hz: 500, wow_percent: 12, mix_percent: 30 },
  },
]

export const SATURATION_CHAINS: Preset[] = [
  {
    name: 'Warm Tape',
    use: 'Mix bus or stems',
    settings: { step_1: 'EQ: low shelf +1 dB at 80 Hz', step_2: 'Saturator (tape): drive 3 dB, output -3 dB', step_3: 'EQ: high shelf -1.5 dB at 12 kHz' },
  },
  {
    name: 'Tube Vocal',
    use: 'Lead vocals',
    settings: { step_1: 'Saturator (tube): drive 4 dB, mix 40%', step_2: 'EQ: cut 300 Hz by 2 dB', step_3: 'Compressor: 3:1, 5 ms / 60 ms' },
  },
  {
    name: 'Transformer Bass',
    use: 'Synth bass audible on phone speakers',
    settings: { step_1: 'Duplicate the bass', step_2: 'Saturator (hard): drive 12 dB on the copy', step_3: 'High-pass the copy at 250 Hz, blend to taste' },
  },
  {
    name: 'Crushed Drums',
    use: 'Parallel drum grit',
    settings: { step_1: 'Bit crusher: 10 bit, rate 22 kHz', step_2: 'Saturator: drive 6 dB', step_3: 'Blend at 15-25% under the dry drums' },
  },
  {
    name: 'Lo-fi Keys',
    use: 'Electric piano or samples',
    settings: { step_1: 'EQ: band-pass 200 Hz - 5 kHz', step_2: 'Saturator (tape): drive 6 dB', step_3: 'Chorus: rate 0.3 Hz, depth 20% for wow' },
  },
  {
    name: 'Snare Bite',
    use: 'Snares and claps',
    settings: { step_1: 'Saturator (soft clip): drive 5 dB', step_2: 'EQ: +2 dB at 3 kHz', step_3: 'Transient shaper: attack +3 dB' },
  },
  {
    name: '808 Growl',
    use: '808 and sub bass',
    settings: { step_1: 'Saturator (tube): drive 8 dB', step_2: 'EQ: low-pass at 4 kHz', step_3: 'Limiter: ceiling -1 dB' },
  },
  {
    name: 'Console Sum',
    use: 'Every channel, subtle',
    settings: { step_1: 'Saturator (console): drive 1 dB on each channel', step_2: 'Trim output to match level' },
  },
  {
    name: 'Radio Voice',
    use: 'Intros and breakdowns',
    settings: { step_1: 'EQ: band-pass 500 Hz - 3 kHz', step_2: 'Saturator (hard): drive 10 dB', step_3: 'Compressor: 8:1, fast attack' },
  },
  {
    name: 'Glue Tape Bus',
    use: 'Drum bus',
    settings: { step_1: 'Saturator (tape): drive 4 dB', step_2: 'Compressor: 2:1, 30 ms / auto', step_3: 'EQ: high shelf +1 dB at 10 kHz' },
  },
]

/** A preset list as readable text: one block per preset. */
export function presetsText(title: string, presets: Preset[]): string {
  const blocks = presets.map((preset) => {
    const settings = Object.entries(preset.settings).map(([key, value]) => `  ${key.replace(/_/g, ' ')}: ${value}`)
    return [`${preset.name} (${preset.use})`, ...settings].join('\n')
  })
  return `${title}\n\n${blocks.join('\n\n')}\n`
}

export function presetsJson(presets: Preset[]): string {
  return JSON.stringify({ format: 'ALS preset sheet', version: 1, presets }, null, 2) + '\n'
}
