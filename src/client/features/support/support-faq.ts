/** The support page's frequently asked questions, in three groups of three. */

export interface FaqEntry {
  id: string
  question: string
  answer: string[]
}

export interface FaqGroup {
  title: 'General' | 'Technical' | 'Account'
  entries: FaqEntry[]
}

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    title: 'General',
    entries: [
      {
        id: 'licence',
        question: 'What can I do with the sounds I buy?',
        answer: [
          'Every product comes with the ALS Royalty-Free Licence. Use the sounds in your own music, beats, films, games, podcasts, streams and client work, commercial or not, with no further fees, royalties or credit required. Audio you render from our MIDI, presets and instruments is yours.',
          "What you can't do is pass the files themselves on: no reselling, sharing or uploading them, no repacking them into another sample pack, preset bank or library, and no using them to train models that generate audio or MIDI. The full text is in LICENSE.txt inside every download.",
        ],
      },
      {
        id: 'clearance',
        question: 'Do I need to clear samples for a label release or a sync placement?',
        answer: [
          'No. Releases on any label, distribution to streaming services, monetised videos on your own channels, and sync in TV, film, ads and games are all covered by the licence, with nothing to clear.',
          'If a label, distributor or music supervisor asks for paperwork, send us your order number through the contact form below and we will email a licence confirmation for that product.',
        ],
      },
      {
        id: 'payment',
        question: 'Which payment methods do you accept?',
        answer: [
          'All major credit and debit cards, through Stripe. Card details go straight to the payment provider and never touch our servers. Prices are shown in US dollars; your bank converts them if your card is in another currency.',
        ],
      },
    ],
  },
  {
    title: 'Technical',
    entries: [
      {
        id: 'formats',
        question: 'What formats are the files in?',
        answer: [
          'Each product downloads as one ZIP archive. Inside: audio as 16-bit/44.1 kHz WAV, MIDI as standard MIDI files (.mid), instruments as WAV samples with an SFZ mapping, impulse responses as WAV, and processor presets as plain-text parameter sheets you can dial into any plugin.',
          'Every archive also holds a README with tempo, key and usage notes, and the LICENSE.txt for the product.',
        ],
      },
      {
        id: 'daw',
        question: 'Will the files work in my DAW?',
        answer: [
          'Yes. WAV and MIDI open in every DAW: Ableton Live, FL Studio, Logic Pro, Cubase, Studio One, Bitwig, Reaper, Pro Tools and GarageBand. Loops are labelled with tempo and key so they snap to your project grid.',
          'SFZ instruments load in the free sforzando player and in any SFZ-capable sampler; impulse responses load in any convolution reverb or IR loader, including the ones built into most DAWs.',
        ],
      },
      {
        id: 'download-problem',
        question: "My download won't start or the ZIP won't open. What now?",
        answer: [
          'Try another browser and pause any download-manager extension, then check that you have enough free disk space. On macOS, Archive Utility or The Unarchiver open every archive; on Windows, right-click and choose Extract All.',
          'If a download broke off and used up one of your attempts, tell us the order number through the contact form and we will top your downloads back up.',
        ],
      },
    ],
  },
  {
    title: 'Account',
    entries: [
      {
        id: 'download-limit',
        question: 'How many times can I download a product?',
        answer: [
          'Each purchased product can be downloaded 3 times (more if you bought several licences of it). The Download Hub shows how many downloads you have left for each item.',
          'Keep a copy of the unzipped folder in your sample library or backup drive. If you reach the limit after a new computer or a lost drive, contact us and we will help.',
        ],
      },
      {
        id: 'redownload',
        question: 'Where do I find my past orders and download them again?',
        answer: [
          'Sign in and open Order History to see every order with its status and total. Completed purchases appear in the Download Hub, each with its own download button.',
          'An order shows as Pending for a moment while the payment is confirmed; its downloads appear as soon as it is Completed.',
        ],
      },
      {
        id: 'account-email',
        question: 'Can I change the email address on my account?',
        answer: [
          'Your email address is read-only on the profile page, because it is where your receipts and password-reset links go. You can edit your name there at any time.',
          'To move your purchases to a new address, write to us from the old address through the contact form, with the new address in the message, and we will move them for you.',
        ],
      },
    ],
  },
]
