/** The learn page's blog posts and tutorials; the first is the featured one. */

export interface LearnPost {
  slug: string
  title: string
  category: 'Tutorial' | 'Workflow' | 'Mixing'
  /** ISO date of publication. */
  publishedOn: string
  readMinutes: number
  excerpt: string
  body: string[]
}

export const LEARN_POSTS: readonly LearnPost[] = [
  {
    slug: 'layering-drums',
    title: 'Layering Drums That Hit Hard Without Turning to Mud',
    category: 'Tutorial',
    publishedOn: '2025-05-12',
    readMinutes: 7,
    excerpt:
      'Three samples on one kick can sound huge or like a wet cardboard box. Give every layer one job, line up the transients and the low end, and your drums punch through any mix.',
    body: [
      'Most layered kicks and snares fail for the same reason: every layer tries to do everything. Before you stack anything, decide what each sample is for. A classic split is three jobs: the transient (the click or crack in the first 10–20 ms), the body (the weight, roughly 60–250 Hz for a kick, 150–400 Hz for a snare) and the tail (room, noise or a long sub). Pick one sample per job and audition it alone before you combine them.',
      'Next, carve each layer down to its job. High-pass the transient layer so it carries no low end, and low-pass or shorten the body layer so it does not fight the click. For kicks, make sure only one layer owns the sub: two sine tails a few hertz apart beat against each other and the low end swells and vanishes from hit to hit.',
      'Then line them up. Zoom in and nudge the layers until their first peaks coincide, and flip the polarity of any layer that makes the combination thinner rather than fuller. A sample that starts 2 ms late is enough to smear the attack. Check the result in mono: if the kick loses weight when you sum to mono, a layer is out of phase.',
      'Finally, glue the stack. Route the layers to one bus, balance them with the faders rather than EQ boosts, and add gentle bus compression (2:1, slow enough attack to let the transient through, release timed to the groove). Print the result to a single one-shot: you free the CPU, and the layered hit behaves like any other sample when you program it.',
    ],
  },
  {
    slug: 'writing-with-midi-packs',
    title: 'Using MIDI Packs to Write Faster (and Still Sound Like You)',
    category: 'Workflow',
    publishedOn: '2025-04-28',
    readMinutes: 5,
    excerpt:
      'A MIDI progression is a sketch, not a finished part. Re-voice it, re-rhythm it and play it on your own sounds, and a pack becomes a starting point nobody else can recognise.',
    body: [
      'The biggest advantage MIDI has over audio loops is that every note is still editable. Drop a progression onto your own instrument first, not the one in the demo, so you hear the harmony rather than the preset. If the key does not suit your vocal or your sample, transpose the whole clip; every chord moves with it.',
      'Then make it yours. Change the voicing by moving the top note of each chord up or down an octave until the melody line on top sings, drop the root into a separate bass part, or remove the third from a chord for a more open sound. Small voicing moves change the character of a progression more than swapping chords does.',
      'Rhythm is the other half. Keep the chords but re-draw their timing to match your drums: anticipate the downbeat by a sixteenth, hold one chord across the bar line, or turn block chords into a simple arpeggio. Add a little velocity and timing variation so it breathes, or play the part back in by hand using the MIDI as a guide.',
      'Use the bass lines and melodies the same way. Layer a pack melody an octave up on a pluck, or keep only its first bar as a motif and write the answer yourself. The pack gets you past the blank page in a minute; the edits are where your sound comes from.',
    ],
  },
  {
    slug: 'gain-staging',
    title: 'Gain Staging in the Box: A Practical Guide',
    category: 'Mixing',
    publishedOn: '2025-04-07',
    readMinutes: 6,
    excerpt:
      "Floating-point DAWs won't clip internally, so why does level still matter? Because plugins, compressors and your ears all respond to how loud the signal is. Here's a routine that takes five minutes.",
    body: [
      'Modern DAWs mix in 32- or 64-bit floating point, so a channel that goes over 0 dBFS will not clip inside the mixer. Level still matters for three reasons: many plugins, especially analog-modelled compressors, saturators and EQs, are calibrated around a nominal level and behave differently when driven hot; compressor thresholds and gate settings only make sense at a known level; and louder always sounds better to our ears, which makes fair A/B comparisons impossible.',
      'A simple routine: before you mix, use clip gain or a utility plugin at the top of each channel so that the track averages around −18 dBFS RMS, with peaks roughly at −10 to −6 dBFS. Drums and percussion will peak higher than pads; trust the average, not the peak. Sample packs, ours included, are normalised close to 0 dBFS so they audition loud, so expect to pull most loops down by 8–12 dB.',
      'Keep each plugin roughly level-matched: if an EQ boost or a saturator makes the track louder, bring its output back down so that bypassing it compares like with like. Leave your channel faders near unity for as long as possible, so you have room to balance in both directions.',
      'At the end of the chain, aim for the mix bus to peak somewhere around −6 dBFS before any mastering. That leaves room for the mastering stage and keeps your bus processing in its sweet spot. If the master meter is in the red, pull down the channels, not the master fader.',
    ],
  },
]
