import { describe, expect, it } from 'vitest'
import {
  contentPanelClosed,
  contentPanelOpened,
  contentPanelReducer,
  initialContentPanelState,
} from './slice'

describe('content panel', () => {
  it('opens with an alias and closes keeping it for the closing animation', () => {
    const open = contentPanelReducer(initialContentPanelState, contentPanelOpened('size-guide'))
    expect(open).toEqual({ open: true, alias: 'size-guide' })
    expect(contentPanelReducer(open, contentPanelClosed())).toEqual({ open: false, alias: 'size-guide' })
  })
})
