/**
 * The modals the shop opens by id (modal slice: `openModalDelayed(id)`): the membership success
 * and membership-deleted modals of docs/product-rules.md#loyalty, and the login dialog. Each labels the dialog with
 * its heading. The login dialog's forms load when it first opens.
 */
import { lazy, Suspense } from 'react'
import { useIntl } from 'react-intl'
import type { ModalContentProps, ModalRegistry } from '../../features/modal/ModalRoot'
import { LOGIN_MODAL_ID } from '../../features/auth/modal-id'
import { MEMBERSHIP_MODAL_IDS } from '../../features/loyalty/modal-ids'
import { POINTS_PENDING_DAYS } from '../../shared/loyalty'

export const SHOP_MODAL_IDS = {
  membershipJoined: MEMBERSHIP_MODAL_IDS.joined,
  membershipDeleted: MEMBERSHIP_MODAL_IDS.deleted,
} as const

/** A heading and a text; the dialog's own close button (ModalRoot) dismisses it. */
function MessageModal({ titleId, title, text }: ModalContentProps & { title: string; text: string }) {
  return (
    <>
      <h2 id={titleId}>{title}</h2>
      <p>{text}</p>
    </>
  )
}

function MembershipJoinedModal(props: ModalContentProps) {
  const intl = useIntl()
  return (
    <MessageModal
      {...props}
      title={intl.formatMessage({ id: 'modal.membershipJoined.title' })}
      text={intl.formatMessage({ id: 'modal.membershipJoined.text' }, { days: POINTS_PENDING_DAYS })}
    />
  )
}

function MembershipDeletedModal(props: ModalContentProps) {
  const intl = useIntl()
  return (
    <MessageModal
      {...props}
      title={intl.formatMessage({ id: 'modal.membershipDeleted.title' })}
      text={intl.formatMessage({ id: 'modal.membershipDeleted.text' })}
    />
  )
}

// the login and registration forms are a chunk of their own: they load when the dialog opens
const LoginDialogContent = lazy(() =>
  import('../../features/auth/LoginDialog').then(({ LoginDialog }) => ({ default: LoginDialog })),
)

function LoginDialog(props: ModalContentProps) {
  return (
    <Suspense fallback={null}>
      <LoginDialogContent {...props} />
    </Suspense>
  )
}

export const SHOP_MODALS: ModalRegistry = {
  [SHOP_MODAL_IDS.membershipJoined]: MembershipJoinedModal,
  [SHOP_MODAL_IDS.membershipDeleted]: MembershipDeletedModal,
  [LOGIN_MODAL_ID]: LoginDialog,
}
