/** Compare: a second model asked the same message, its reply streaming beside the first. */
export { compareSlots } from './slots';
