// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen } from '@testing-library/react'
import { Outlet } from 'react-router'
import { HeadUpdater } from './HeadUpdater'
import { renderRoutes } from '../ui/test-helpers'
import { Component as Checkout } from '../routes/checkout'
import { Component as Brands, type BrandsPageData } from '../routes/brands'

afterEach(cleanup)

function routes() {
  return [
    {
      id: 'root',
      element: (
        <>
          <HeadUpdater />
          <Outlet />
        </>
      ),
      errorElement: <HeadUpdater />,
      HydrateFallback: () => null,
      children: [
        { id: 'checkout', path: '/kassan', handle: { name: 'checkout' }, Component: Checkout },
        {
          id: 'brands',
          path: '/märken',
          handle: { name: 'brands' },
          // the brands index reads its brands in a loader; an empty index is enough for the head
          loader: (): BrandsPageData => ({ groups: [] }),
          Component: Brands,
        },
        {
          id: 'broken',
          path: '/trasig',
          handle: { name: 'content-page' },
          loader: () => {
            throw new Response('Not Found', { status: 404 })
          },
        },
      ],
    },
  ]
}

describe('HeadUpdater', () => {
  it('keeps title, description, canonical, alternates and lang current across client navigations, back to the landing page too', async () => {
    // the head the server wrote for the landing page
    document.head.innerHTML = '<title>Märken | Lumo</title><meta name="description" content="från servern">'
    const { router } = renderRoutes(routes(), { market: 'fi', locale: 'sv', path: '/fi/sv/märken' })
    await screen.findByRole('heading', { level: 1, name: 'Märken' })

    await act(() => router.navigate('/kassan'))
    await screen.findByRole('heading', { level: 1, name: 'Kassa' })
    await waitForTitle('Kassa | Lumo')
    expect(document.documentElement.lang).toBe('sv')
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://shop.test/fi/sv/kassan',
    )

    // back to the landing page: its head is built again, the server's is long gone
    await act(() => router.navigate(-1))
    await waitForTitle('Märken | Lumo')
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Alla märken i vårt sortiment på ett ställe.',
    )
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://shop.test/fi/sv/m%C3%A4rken',
    )
    expect(document.head.querySelector('link[hreflang="fi-FI"]')?.getAttribute('href')).toBe(
      'https://shop.test/fi/merkit',
    )

    await act(() => router.navigate('/trasig'))
    await waitForTitle('Sidan hittades inte | Lumo')
  })
})

async function waitForTitle(title: string) {
  await vi.waitFor(() => expect(document.title).toBe(title))
}
