// Linted in place: first.ts and second.ts import each other's values.
import { second } from './second'

export const first = () => second() + 1
