/**
 * The pickup points of the chosen pickup option nearest to the postcode the shopper typed
 * (issue 29 item 5, ADR 0079): a radio list with name, address, distance and opening hours, the
 * nearest preselected. The choice goes with the order as `checkout.pickupPoint`.
 */
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useOptionalGetApollo } from '../../app/apollo-access'
import { runQuery } from '../../app/graphql'
import pickupPointsOperation from '../../graphql/operations/pickup-points'
import type { PickupPointsQuery } from '../../graphql/generated'
import { formatOpeningHours } from '../../shared/delivery-estimate'
import { RadioGroup } from './fields'
import { pickupPointSelected } from './slice'

type Point = PickupPointsQuery['pickupPoints'][number]
type Loaded = { key: string; points: Point[] | null }

const NEAREST = 5

export function PickupPointPicker({ shippingId, postcode }: { shippingId: string; postcode: string }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const getApollo = useOptionalGetApollo()
  const chosen = useAppSelector((state) => state.checkout.pickupPointId)
  const key = `${shippingId}:${postcode}`
  const [loaded, setLoaded] = useState<Loaded | null>(null)

  useEffect(() => {
    if (!getApollo) return
    let current = true
    getApollo()
      .then((apollo) =>
        runQuery(apollo, pickupPointsOperation, { shippingId: Number(shippingId), postcode, limit: NEAREST }),
      )
      .then(
        (data) => current && setLoaded({ key, points: data.pickupPoints }),
        () => current && setLoaded({ key, points: null }),
      )
    return () => {
      current = false
    }
  }, [getApollo, key, shippingId, postcode])

  const points = loaded?.key === key ? loaded.points : undefined
  // the nearest point is preselected; a choice no longer listed gives way to it
  useEffect(() => {
    if (!points) return
    if (!points.some((point) => point.id === chosen)) dispatch(pickupPointSelected(points[0]?.id ?? null))
  }, [points, chosen, dispatch])

  if (points === undefined) return null
  if (points === null)
    return <p className="checkout-notice">{intl.formatMessage({ id: 'checkout.pickup.unavailable' })}</p>
  if (points.length === 0)
    return <p className="checkout-notice">{intl.formatMessage({ id: 'checkout.pickup.none' })}</p>
  const distance = new Intl.NumberFormat(intl.locale, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: 1,
  })
  return (
    <RadioGroup
      name="pickup-point"
      legend={intl.formatMessage({ id: 'checkout.pickup.title' })}
      value={chosen}
      choices={points.map((point) => ({
        value: point.id,
        label: point.name,
        detail: [
          `${point.street}, ${point.postcode} ${point.city}`,
          point.distanceMeters === null ? null : distance.format(point.distanceMeters / 1000),
          formatOpeningHours(point.openingHours, intl.locale),
        ]
          .filter(Boolean)
          .join(' · '),
      }))}
      onValue={(value) => dispatch(pickupPointSelected(value))}
    />
  )
}
