import { describe, expect, it } from 'vitest'
import { CHROMIUM_PACKAGE, planChromium } from './ensure-chromium'

describe('planChromium', () => {
  it('does nothing when Chromium is there', () => {
    expect(planChromium({ executable: '/usr/bin/chromium', present: true, isRoot: false })).toEqual({
      action: 'ready',
    })
  })

  it('installs the Debian package with apt-get when missing and root', () => {
    expect(planChromium({ executable: '/usr/bin/chromium', present: false, isRoot: true })).toEqual({
      action: 'install',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', '--no-install-recommends', 'chromium'],
      ],
    })
  })

  it('stops with a message naming the package when missing and not root', () => {
    const plan = planChromium({ executable: '/usr/bin/chromium', present: false, isRoot: false })
    expect(plan.action).toBe('refuse')
    if (plan.action !== 'refuse') return
    expect(plan.message).toContain(`"${CHROMIUM_PACKAGE}"`)
    expect(plan.message).toContain('/usr/bin/chromium')
  })
})
