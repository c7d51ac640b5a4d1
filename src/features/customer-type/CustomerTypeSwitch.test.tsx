// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { renderRoutes } from '../../ui/test-helpers'
import { CustomerTypeSwitch } from './CustomerTypeSwitch'

afterEach(() => {
  cleanup()
  document.cookie = 'lumo-user-type=; Max-Age=0; Path=/'
})

describe('CustomerTypeSwitch', () => {
  it('offers the configured types and switches prices to ex VAT for a business customer', async () => {
    const { store } = renderRoutes([{ path: '*', element: <CustomerTypeSwitch /> }])
    const select = await screen.findByRole('combobox', { name: 'Asiakastyyppi' })
    expect([...(select as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Yksityisasiakas',
      'Yritysasiakas (alv 0 %)',
      'Opiskelija',
      'Curve',
    ])
    fireEvent.change(select, { target: { value: 'ORGANIZATION' } })
    expect(store.getState().global).toMatchObject({ customerType: 'ORGANIZATION', vatIncluded: false })
    expect(document.cookie).toContain('lumo-user-type=ORGANIZATION')
    expect(store.getState().events.queue.at(-1)).toMatchObject({
      type: 'customer-type:change',
      payload: { customerType: 'ORGANIZATION', vatIncluded: false },
    })

    fireEvent.change(select, { target: { value: 'STUDENT' } })
    expect(store.getState().global).toMatchObject({ customerType: 'STUDENT', vatIncluded: true })
  })
})
