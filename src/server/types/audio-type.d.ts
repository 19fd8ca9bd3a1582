/** audio-type 2.8 ships no types: it names the format of an audio file's first bytes. */
declare module 'audio-type' {
  /** `wav`, `mp3`, `flac`, `oga`, `opus`, `aac`, … or undefined when the bytes are not audio it knows. */
  export default function audioType(bytes: Uint8Array | ArrayBuffer): string | undefined
}
