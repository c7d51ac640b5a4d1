/**
 * The user API (docs/adr/0020-user-api.md): getUser, updateUser, deleteUser for the signed-in
 * user only, and the password reset by e-mail link.
 */
import type { GraphQLContext } from '../context'
import type { ResolverModule } from '../resolver-types'
import { scopeFromArgs, type ScopeArgs } from '../scope'
import type {
  GeinsMerchantApiMutationCommitResetArgs,
  GeinsMerchantApiMutationRequestPasswordResetArgs,
  GeinsMerchantApiMutationUpdateUserArgs,
} from '../generated'
import { deleteUser, getUser, updateUser } from './account'
import { commitReset, requestPasswordReset } from './password-reset'

export const resolvers: ResolverModule = {
  Query: {
    getUser: async (_: unknown, args: ScopeArgs, ctx: GraphQLContext) =>
      getUser(ctx, await scopeFromArgs(ctx, args)),
  },
  Mutation: {
    updateUser: async (_: unknown, args: GeinsMerchantApiMutationUpdateUserArgs, ctx: GraphQLContext) =>
      updateUser(ctx, await scopeFromArgs(ctx, args), args.user),
    deleteUser: async (_: unknown, _args: ScopeArgs, ctx: GraphQLContext) => deleteUser(ctx),
    requestPasswordReset: async (
      _: unknown,
      args: GeinsMerchantApiMutationRequestPasswordResetArgs,
      ctx: GraphQLContext,
    ) => requestPasswordReset(ctx, await scopeFromArgs(ctx, args), args.email),
    commitReset: async (_: unknown, args: GeinsMerchantApiMutationCommitResetArgs, ctx: GraphQLContext) =>
      commitReset(ctx, args.resetKey, args.password),
  },
}
