// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { renderRoutes } from '../../ui/test-helpers'
import { makeStore } from '../../app/store'
import { userRestored } from '../auth/slice'
import ProductReviews from './ProductReviews'
import type { ReviewsData } from './types'

afterEach(cleanup)

const HOSTILE: ReviewsData = {
  count: 1,
  averageRating: 4,
  reviews: [
    {
      rating: 4,
      author: '<img src=x onerror="window.__pwned=1">',
      comment: '<script>window.__pwned=1</script> Hyvä mekko',
      reviewDate: '2026-01-02T10:00:00Z',
    },
  ],
}

function renderReviews(loggedIn: boolean) {
  const store = makeStore(undefined, { devTools: false })
  if (loggedIn)
    store.dispatch(
      userRestored({ id: 'u-1', email: 'aino@example.com', customerType: 'PERSON', memberType: null }),
    )
  return renderRoutes([{ path: '*', element: <ProductReviews alias="satiinimekko" initial={HOSTILE} /> }], {
    store,
    path: '/fi/satiinimekko',
  })
}

describe('ProductReviews', () => {
  it("shows shoppers' text as text, never as markup", async () => {
    renderReviews(false)
    expect(await screen.findByText('<img src=x onerror="window.__pwned=1">')).toBeTruthy()
    expect(screen.getByText('<script>window.__pwned=1</script> Hyvä mekko')).toBeTruthy()
    expect(document.querySelector('.product-reviews img, .product-reviews script')).toBeNull()
  })

  it('asks a guest to log in through the login dialog, coming back to the reviews', async () => {
    const { router } = renderReviews(false)
    expect(screen.queryByRole('button', { name: 'Lähetä arvostelu' })).toBeNull()
    const link = await screen.findByRole('link', { name: 'Kirjaudu sisään' })
    fireEvent.click(link)
    expect(router.state.location.pathname).toBe('/fi/satiinimekko')
    const search = new URLSearchParams(router.state.location.search)
    expect(search.get('action')).toBe('login')
    expect(search.get('returnTo')).toBe('/fi/satiinimekko#product-reviews-title')
  })

  it('gives a logged-in customer the form, which needs stars, a name and a comment', async () => {
    renderReviews(true)
    fireEvent.click(await screen.findByRole('button', { name: 'Lähetä arvostelu' }))
    expect(screen.getByText('Käytä tähtiä tuotteen arvioimiseen')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Nimi' }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('textbox', { name: 'Arvostelu' }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('link', { name: 'Kirjaudu sisään' })).toBeNull()
  })
})
