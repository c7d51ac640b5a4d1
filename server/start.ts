/**
 * The production process's entry, built to dist/server/start.js (what `npm start` runs).
 * NODE_ENV must be set before any module is evaluated: React and other packages pick their
 * development or production build when they are first imported, and static imports are evaluated
 * before the code of the module that imports them. So this module only sets the default, then
 * loads the server.
 */
process.env.NODE_ENV ??= 'production'
await import('./main')

// A module (for the top-level await), though it exports nothing.
export {}
