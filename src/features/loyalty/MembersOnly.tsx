/**
 * What a members-only page shows to someone who is not a member (its status stays 404, docs/product-rules.md#markets-and-urls):
 * that the page is for members, what membership gives and how to join. A guest is asked to log
 * in first (JoinMembership); once the customer has joined, the page's loader runs again and the
 * members' page itself opens in place.
 */
import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import { useRevalidator } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { RouteLink } from '../../ui/RouteLink'
import { JoinMembership } from './JoinMembership'
import { membershipOfferValues } from './membership-offer'
import './members.css'

const BENEFITS = [
  'members.benefit.points',
  'members.benefit.bonus',
  'members.benefit.gallery',
  'members.benefit.free',
]

export function MembersOnly() {
  const intl = useIntl()
  const currency = useAppSelector((state) => state.channel.currency)
  const isMember = useAppSelector((state) => state.auth.user?.isMember === true)
  const { revalidate } = useRevalidator()
  const offer = membershipOfferValues(intl, currency)

  useEffect(() => {
    if (isMember) void revalidate()
  }, [isMember, revalidate])

  return (
    <section className="members-only" aria-labelledby="members-only-title">
      <p className="members-only__eyebrow">{intl.formatMessage({ id: 'members.only.eyebrow' })}</p>
      <h1 id="members-only-title">{intl.formatMessage({ id: 'members.only.title' })}</h1>
      <p className="page-intro">{intl.formatMessage({ id: 'members.only.text' })}</p>
      <h2 className="members-only__benefits-title">{intl.formatMessage({ id: 'members.benefits.title' })}</h2>
      <ul className="members-only__benefits" role="list">
        {BENEFITS.map((id) => (
          <li key={id}>{intl.formatMessage({ id }, offer)}</li>
        ))}
      </ul>
      <JoinMembership />
      <p className="members-only__more">
        <RouteLink to="member">{intl.formatMessage({ id: 'members.only.readMore' })}</RouteLink>
      </p>
    </section>
  )
}
