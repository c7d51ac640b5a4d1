/**
 * Account settings (login required): contact details and address, the newsletter and SMS
 * consents (updateUser), the password change (the session's POST /api/session/password; a
 * wrong current password logs out, docs/product-rules.md#accounts-and-auth) and closing the account (deleteUser after a
 * confirmation, then logout). Personal: never page-cached, fetched fresh.
 */
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { useLoaderData } from 'react-router'
import type { PageLoader } from '../app/route-types'
import { fetchUser, type AccountUser } from '../features/account/api'
import { personalData } from '../features/account/loaders'
import { AccountFrame } from '../features/account/AccountFrame'
import { ProfileForm } from '../features/account/ProfileForm'
import { ConsentsForm } from '../features/account/ConsentsForm'
import { PasswordForm } from '../features/account/PasswordForm'
import { DeleteAccount } from '../features/account/DeleteAccount'
import { messageMeta } from '../ui/page-meta'

export interface AccountSettingsData {
  user: AccountUser | null
}

export const loader: PageLoader<AccountSettingsData> = async (args) => ({
  user: await personalData(args, () => fetchUser(args.apollo)),
})

export const meta = messageMeta({
  title: 'page.accountSettings.title',
  description: 'page.accountSettings.intro',
  noindex: true,
})

export function Component() {
  const intl = useIntl()
  const data = useLoaderData() as AccountSettingsData
  const [user, setUser] = useState(data.user)
  return (
    <AccountFrame
      title={intl.formatMessage({ id: 'page.accountSettings.title' })}
      intro={intl.formatMessage({ id: 'page.accountSettings.intro' })}
    >
      {user ? (
        <>
          <ProfileForm user={user} onSaved={setUser} />
          <ConsentsForm user={user} onSaved={setUser} />
        </>
      ) : (
        <p role="alert">{intl.formatMessage({ id: 'error.generic.text' })}</p>
      )}
      <PasswordForm />
      <DeleteAccount />
    </AccountFrame>
  )
}
