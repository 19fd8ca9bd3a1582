/**
 * Where the owner CLI's commands write their lines: standard output and standard error in a
 * terminal (owner.ts), collected lines in a test. A leaf of its own, so the command files and the
 * program that registers them (owner-program.ts) name it without importing each other.
 */
export interface OwnerCliIo {
  out: (line: string) => void
  err: (line: string) => void
}
