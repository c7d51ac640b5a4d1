/**
 * Going to a same-site path after login or logout: inside the router when the path is in this
 * page's market and language (its basename), otherwise as a new document.
 */
import { useNavigate } from 'react-router'
import { useSite } from '../../app/site'
import { leaveTo } from '../channel/document-navigation'
import { safeReturnPath } from '../../shared/session'

export function usePathNavigation(): (path: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate()
  const { basename } = useSite()
  return (path, options = {}) => {
    const safe = safeReturnPath(path)
    if (!safe) return
    const base = basename.replace(/\/+$/, '')
    if (!base) return void navigate(safe, options)
    if (safe === base) return void navigate('/', options)
    if (safe.startsWith(`${base}/`)) return void navigate(safe.slice(base.length), options)
    leaveTo(safe)
  }
}
