/**
 * Before any journey: the seeded demo template the server tests use (made once, cached by the
 * code that makes it), so each worker's store starts on a copy of it instead of generating the
 * demo catalog's media and files again (tens of seconds a store).
 */
import { ensureDemoTemplate } from '../../tests/support/demo-template.ts'

export default async function globalSetup(): Promise<void> {
  // Workers inherit the main process's environment.
  process.env.E2E_TEMPLATE_DIR = (await ensureDemoTemplate()).templateDir
}
