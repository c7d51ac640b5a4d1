import { describe, expect, it } from 'vitest'
import { initialPaymentState, paymentFailed, paymentReducer, paymentStarted, providerSelected } from './slice'

describe('payment provider area', () => {
  it('records the chosen provider and a failure', () => {
    let state = paymentReducer(initialPaymentState, providerSelected('lumopay'))
    state = paymentReducer(state, paymentStarted())
    expect(state).toEqual({
      selectedProvider: 'lumopay',
      status: 'processing',
      error: null,
      confirmation: null,
    })
    state = paymentReducer(state, paymentFailed('payment.outOfStock'))
    expect(state).toMatchObject({ status: 'failed', error: 'payment.outOfStock' })
  })

  it('choosing a provider again clears an earlier failure', () => {
    const failed = paymentReducer(initialPaymentState, paymentFailed('x'))
    expect(paymentReducer(failed, providerSelected('invoice'))).toEqual({
      selectedProvider: 'invoice',
      status: 'idle',
      error: null,
      confirmation: null,
    })
  })
})
