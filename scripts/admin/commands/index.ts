/** Every `npm run admin` command; a service's operations add theirs here (one file each). */
import { approveCommand } from './approve'
import { auditCommand } from './audit'
import { cancelCommand } from './cancel'
import { deliverCommand } from './deliver'
import { orderCommand } from './order'
import { ordersCommand } from './orders'
import { payoutCommand } from './payout'
import { popularSearchesCommand } from './popular-searches'
import { receiveReturnCommand } from './receive-return'
import { returnsCommand } from './returns'
import { shipCommand } from './ship'
import { stockCommand } from './stock'
import { subscribersCommand } from './subscribers'
import type { AdminCommand } from './types'
import { vitalsCommand } from './vitals'

export const ADMIN_COMMANDS: AdminCommand[] = [
  auditCommand,
  ordersCommand,
  orderCommand,
  stockCommand,
  subscribersCommand,
  shipCommand,
  deliverCommand,
  cancelCommand,
  approveCommand,
  returnsCommand,
  receiveReturnCommand,
  payoutCommand,
  popularSearchesCommand,
  vitalsCommand,
]
