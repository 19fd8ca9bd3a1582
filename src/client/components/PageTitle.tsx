/**
 * A page's `<title>`: its own words, then the store's name as the owner set it ("Support | Night
 * Shift Sounds"), the same the server's page head says. Before the settings are known, the words alone.
 */
import { useStoreSettings } from '../api/get-store-settings.ts'

export function PageTitle({ children }: { children: string }) {
  const storeName = useStoreSettings()?.storeName
  return <title>{storeName ? `${children} | ${storeName}` : children}</title>
}
