/**
 * Whether the signed-in account is support staff, as the owner console needs to know: support
 * sees orders and customers only, without the admin's actions (refunds, links, tax documents).
 * The server decides what each role may do; an account whose session names no role is shown the
 * whole console and the server answers for it.
 */
import type { StaffRole } from '../../../../shared/contract/admin-admins.ts'
import { useSession } from '../../account/public.ts'

const SUPPORT: StaffRole = 'support'

export function useIsSupportStaff(): boolean {
  return useSession().user?.role === SUPPORT
}
