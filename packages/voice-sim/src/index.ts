/**
 * A carrier simulator: a SIP user agent server that answers, rings, refuses or hangs up by number
 * pattern, plays or echoes audio and sends key presses. Used by `npm start`'s demo and the tests.
 */
export * from './outcomes';
export * from './sim';
