/** The learn page's documentation: three groups of short guides, searchable by title. */

export interface DocEntry {
  id: string
  title: string
  body: string[]
}

export interface DocGroup {
  title: 'Getting Started' | 'Formats & Compatibility' | 'Licensing & Downloads'
  description: string
  entries: DocEntry[]
}

export const DOC_GROUPS: readonly DocGroup[] = [
  {
    title: 'Getting Started',
    description: 'From your first visit to your first download.',
    entries: [
      {
        id: 'create-account',
        title: 'Creating your account',
        body: [
          'Sign up with your email address and a password of at least 6 characters. We send a confirmation link to your inbox; open it within 24 hours to activate the account, then sign in.',
          'An account keeps your cart across devices, and gives you Order History and the Download Hub, where every purchase stays available.',
        ],
      },
      {
        id: 'first-purchase',
        title: 'Buying your first pack',
        body: [
          'Press play on any product card to hear the preview, add what you like to the cart and check out with a card. You can check out as a guest, but signing in first links the order to your account so the downloads appear in your Download Hub.',
        ],
      },
      {
        id: 'downloading',
        title: 'Downloading your files',
        body: [
          'Open the Download Hub from your profile. Each completed purchase has a Download button and a counter of downloads left. The file arrives as one ZIP archive named after the product.',
        ],
      },
      {
        id: 'organising',
        title: 'Organising your sample library',
        body: [
          'Unzip each pack into one library folder (for example Music/Samples/ALS/Pack Name) and add that folder to your DAW browser or sample manager once. Keep the README next to the sounds: it lists tempo, key and usage notes.',
        ],
      },
    ],
  },
  {
    title: 'Formats & Compatibility',
    description: 'What is inside the ZIP and where it loads.',
    entries: [
      {
        id: 'wav',
        title: 'WAV loops and one-shots',
        body: [
          'Audio is 16-bit/44.1 kHz WAV, which every DAW and sampler reads. Loops are cut to whole bars and named with tempo and key (for example Drums_90bpm_Am.wav), so they line up when you drag them onto a grid at the same tempo.',
        ],
      },
      {
        id: 'midi',
        title: 'MIDI files in your DAW',
        body: [
          'MIDI comes as standard MIDI files (.mid). Drag a file onto an instrument track in Ableton Live, FL Studio, Logic Pro, Cubase, Studio One, Bitwig or Reaper and it plays on whatever instrument is loaded. Tempo and time signature come with the file. Drum grooves are General MIDI on channel 10 (kick 36, snare 38, clap 39, closed hat 42, open hat 46), so they play on any GM-mapped kit.',
        ],
      },
      {
        id: 'sfz',
        title: 'Loading SFZ instruments',
        body: [
          'Instruments are WAV samples with an .sfz mapping file. Load the .sfz file in the free sforzando player (VST3, AU, AAX) or any SFZ-capable sampler; keep it in the same folder as its samples so the paths resolve.',
        ],
      },
      {
        id: 'impulse-responses',
        title: 'Using impulse responses',
        body: [
          'Impulse responses are WAV files for convolution reverbs and IR loaders, such as the convolution reverb built into your DAW or a guitar amp sim. Load one, set the mix to 100% on a send, and shape it with pre-delay and EQ.',
        ],
      },
      {
        id: 'presets',
        title: 'Reading preset sheets',
        body: [
          'Processor presets are plain-text parameter sheets (threshold, ratio, attack, release, EQ points) rather than plugin files, so they work with any compressor, EQ or delay: open the sheet and dial the values into the plugin you already use.',
        ],
      },
    ],
  },
  {
    title: 'Licensing & Downloads',
    description: 'What the licence allows and how downloads are counted.',
    entries: [
      {
        id: 'licence-covers',
        title: 'What the royalty-free licence covers',
        body: [
          'Use the sounds in your own music and productions, commercial or not: releases, streaming, sync, games, videos, client work. No royalties, no clearance, no credit required.',
        ],
      },
      {
        id: 'licence-limits',
        title: 'What the licence does not allow',
        body: [
          'You may not resell, share, upload or give away the files themselves, alone or inside another pack, preset bank or instrument, or use them to train models that generate audio or MIDI.',
        ],
      },
      {
        id: 'download-limits',
        title: 'Download limits and re-downloads',
        body: [
          'Each purchased product can be downloaded 3 times, multiplied by the quantity bought. The counter in the Download Hub shows what is left. If you run out after a lost drive or a new machine, contact support.',
        ],
      },
      {
        id: 'seats',
        title: 'Studio and site licences',
        body: [
          'A standard licence covers one person on any number of their own computers. Studio and site licences cover the number of seats shown on the product page for people in the same studio or company; the seat count is printed in the LICENSE.txt.',
        ],
      },
    ],
  },
]
