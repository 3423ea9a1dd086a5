/** What other features use of the SMS screens: reading a typed or pasted number list. */
export { parseNumbers } from './lib/numbers';
