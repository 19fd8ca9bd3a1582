/** The coming-soon landing page (/, /home and unknown paths while STORE_MODE is coming-soon). */
import { ComingSoon } from '../ComingSoon.tsx'

export default function ComingSoonPage() {
  return <ComingSoon />
}
