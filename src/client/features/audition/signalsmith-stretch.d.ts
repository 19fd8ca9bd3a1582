/**
 * Types for `signalsmith-stretch` (the JS/WASM release ships none), as its README describes the
 * node: an AudioWorkletNode whose extra methods post to the worklet and resolve with its answer.
 */
declare module 'signalsmith-stretch' {
  /** One change on the node's timeline (`output` in context seconds, `input` in buffer seconds). */
  export interface StretchChange {
    output?: number
    /** Changes scheduled at or after this context time are dropped first (default: now). */
    outputTime?: number
    active?: boolean
    input?: number
    rate?: number
    semitones?: number
    tonalityHz?: number
    formantSemitones?: number
    formantCompensation?: boolean
    formantBaseHz?: number
    loopStart?: number
    loopEnd?: number
  }

  export interface StretchNode extends AudioWorkletNode {
    inputTime: number
    schedule(change: StretchChange): Promise<StretchChange>
    start(when?: number): Promise<StretchChange>
    stop(when?: number): Promise<StretchChange>
    /** Appends one typed array per channel; resolves with the input's new end, in seconds. */
    addBuffers(channels: Float32Array[]): Promise<number>
    dropBuffers(toSeconds?: number): Promise<{ start: number; end: number }>
    latency(): Promise<number>
    configure(config: { blockMs?: number; intervalMs?: number; splitComputation?: boolean; preset?: 'default' | 'cheaper' }): Promise<void>
    setUpdateInterval(seconds: number, callback?: (inputTime: number) => void): Promise<void>
  }

  export interface CreateStretchNode {
    (context: BaseAudioContext, options?: AudioWorkletNodeOptions): Promise<StretchNode>
    /** Where the worklet loads this same file from; without it the library makes a blob: URL. */
    moduleUrl?: string
  }

  const SignalsmithStretch: CreateStretchNode
  export default SignalsmithStretch
}
