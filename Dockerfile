# Lumo's container image (docs/deploy.md "Container"): built in one stage, run as a non-root user
# in a slim one. The server is PID 1 itself (no npm, no shell), so SIGTERM reaches it and a
# rolling deploy finishes the requests in flight. DATA_DIR (/data) is a volume: the embedded
# database, generated secrets and the mail outbox live there unless DATABASE_URL/SMTP_URL are set.
# Node 24 is the current LTS line; the code and the tests also run on Node 20.19+ and 22 (README).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/locales ./locales
COPY --from=build --chown=node:node /app/graphql ./graphql
# read at run time beside the bundle: migrations and the GraphQL schema's parts (server/repo-root.ts)
COPY --from=build --chown=node:node /app/server ./server
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
STOPSIGNAL SIGTERM
# readiness: the database answers (liveness alone would keep a broken instance in the pool)
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "dist/server/start.js"]
