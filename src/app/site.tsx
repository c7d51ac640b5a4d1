/**
 * Where the page is: its market, language, URL mode and base path. Fixed for the life of a page
 * (a market or language change is a new document), so a plain context is enough.
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { LocaleCode, MarketAlias } from '../shared/markets'
import type { UrlSettings } from '../shared/paths'
import type { TagManagerConfig } from '../shared/tag-manager'

export interface Site {
  market: MarketAlias
  locale: LocaleCode
  basename: string
  urlSettings: UrlSettings
  publicUrl: string
  /** the tag manager loaded after consent (GTM_ID); absent when the shop has none */
  tagManager?: TagManagerConfig | null
}

const SiteContext = createContext<Site | null>(null)

export function SiteProvider({ site, children }: { site: Site; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>
}

/** The site, or null outside a SiteProvider (behaviours that tests mount alone). */
export function useOptionalSite(): Site | null {
  return useContext(SiteContext)
}

export function useSite(): Site {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSite must be used inside <SiteProvider>')
  return site
}
