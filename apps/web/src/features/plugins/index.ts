/** Plugins: the header's select of the plugins endpoint's tools, which opens the store. */
export { pluginsSlots } from './slots';
