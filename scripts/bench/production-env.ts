/**
 * In-process benchmarks measure the API as the production server runs it: server/main.ts sets
 * NODE_ENV=production before anything loads, and libraries read it once when they load (graphql-js
 * leaves out its development checks then). Import this module before any other.
 */
process.env.NODE_ENV ??= 'production'
