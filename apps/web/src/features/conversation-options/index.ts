/** What other features may use of a conversation's options: its parameters, Bing's, the carried fields, the popover. */
export { OptionsPopover } from './OptionsPopover';
export { askOptions, CARRIED, type CarriedValues, type SetupBase } from './ask-options';
export { BING_OPTION_KEYS, mergeBing, type BingOptionKey, type BingValues } from './bing-options';
export {
  endpointTypeOf,
  mergeParams,
  PARAM_LABEL_KEYS,
  paramOverridesOf,
  paramsTypeOf,
  resetParams,
} from './params';
