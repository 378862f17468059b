/**
 * What other features may use of the model choice: the endpoint, model and spec menus, an
 * endpoint's icon, the labels of endpoints and models, and the last choice remembered.
 */
export { EndpointIcon, endpointTypeFor } from './EndpointIcon';
export { EndpointMenu } from './EndpointMenu';
export { SpecsMenu } from './SpecsMenu';
export { endpointDisplayName, endpointLabel, modelLabel, replyAuthor } from './endpoint-menu';
export { useHiddenEndpoints } from './hidden-endpoints';
export { menuEndpoints } from './spec-menu';
export {
  installedOnly,
  pickEndpoint,
  pickModel,
  readLastModels,
  readLastSetup,
  readLastSpec,
  readLastTools,
  writeLastSetup,
  writeLastSpec,
  writeLastTools,
} from './setup';
