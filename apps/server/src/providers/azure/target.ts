import { AZURE_URL_PARTS } from '@chat/contract';
import type { AzureTarget } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import type { Credentials } from '../credentials.js';

/** The API version sent when the endpoint names none (Azure OpenAI's GA version of late 2024). */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

/** Where one Azure OpenAI request goes: the SDK's settings for a deployment-based URL. */
export interface AzureRoute {
  /** …/openai (the deployments' parent), or undefined for `https://{resourceName}.openai.azure.com/openai`. */
  baseURL: string | undefined;
  resourceName: string | undefined;
  /** The deployment every request goes to; undefined: the request's model names it (`deploymentOf`). */
  deployment: string | undefined;
  apiVersion: string;
  /** AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: the model's name, periods removed, is the deployment. */
  modelAsDeployment: boolean;
}

const DEPLOYMENT_PLACEHOLDER = '${DEPLOYMENT_NAME}';

const PART_NAMES: Record<keyof typeof AZURE_URL_PARTS, string> = {
  instanceName: 'instance name',
  deploymentName: 'deployment name',
  apiVersion: 'API version',
};

/**
 * A value that goes into the URL, checked to its grammar where the URL is made (a user's key is
 * checked when saved too): an instance name like `10.0.0.5:80/#` would send the request, and
 * its key, to another host.
 */
function urlPart(part: keyof typeof AZURE_URL_PARTS, value: string): string {
  if (!AZURE_URL_PARTS[part].test(value)) {
    throw new AppError('validation_error', `The Azure OpenAI ${PART_NAMES[part]} is not valid`, [
      { path: part, message: 'Not valid in a URL' },
    ]);
  }
  return value;
}

/** LibreChat's placeholders in AZURE_OPENAI_BASEURL, filled from the target. */
function fillPlaceholders(url: string, target: Partial<AzureTarget>, modelAsDeployment: boolean): string {
  const filled = url.includes('${INSTANCE_NAME}')
    ? url.replaceAll('${INSTANCE_NAME}', urlPart('instanceName', target.instanceName ?? ''))
    : url;
  if (modelAsDeployment || !filled.includes(DEPLOYMENT_PLACEHOLDER) || !target.deploymentName) return filled;
  return filled.replaceAll(DEPLOYMENT_PLACEHOLDER, urlPart('deploymentName', target.deploymentName));
}

/**
 * Where requests go on Azure OpenAI: `{base}/deployments/{deployment}/chat/completions?api-version=…`.
 * A base URL is either the deployments' parent (`https://host/openai`, any Azure-compatible host)
 * or a whole deployment URL (`…/deployments/{name}`, LibreChat's AZURE_OPENAI_BASEURL form, its
 * ${INSTANCE_NAME} and ${DEPLOYMENT_NAME} filled), whose deployment is then the one used.
 * Without a base URL, the instance name makes the host. The deployment is the target's, or the
 * model's name when the target names none (a model per deployment) or when the endpoint says
 * the model is the deployment (`modelAsDeployment`, where ${DEPLOYMENT_NAME} stands for it).
 */
export function azureRoute(credentials: Credentials, modelAsDeployment = false): AzureRoute {
  const target: Partial<AzureTarget> = credentials.azure ?? {};
  const apiVersion = urlPart('apiVersion', target.apiVersion || DEFAULT_AZURE_API_VERSION);
  const named = modelAsDeployment ? undefined : target.deploymentName || undefined;
  const deployment = named === undefined ? undefined : urlPart('deploymentName', named);
  if (credentials.baseURL) {
    const base = fillPlaceholders(credentials.baseURL, target, modelAsDeployment).replace(/\/+$/, '');
    const whole = /^(.*)\/deployments\/([^/?#]+)$/.exec(base);
    if (whole) {
      const named = decodeURIComponent(whole[2]!);
      return {
        baseURL: whole[1]!,
        resourceName: undefined,
        deployment: named === DEPLOYMENT_PLACEHOLDER ? undefined : named,
        apiVersion,
        modelAsDeployment,
      };
    }
    return { baseURL: base, resourceName: undefined, deployment, apiVersion, modelAsDeployment };
  }
  if (!target.instanceName) {
    throw new AppError(
      'unknown_endpoint',
      'The Azure OpenAI endpoint has neither an instance name nor a base URL',
    );
  }
  return {
    baseURL: undefined,
    resourceName: urlPart('instanceName', target.instanceName),
    deployment,
    apiVersion,
    modelAsDeployment,
  };
}

/** The base URL of a request for `model`: a ${DEPLOYMENT_NAME} left in it is the model's deployment. */
export function baseURLFor(route: AzureRoute, model: string): string | undefined {
  return route.baseURL?.replaceAll(DEPLOYMENT_PLACEHOLDER, encodeURIComponent(deploymentOf(route, model)));
}

/** The deployment a request for `model` goes to on `route`. */
export function deploymentOf(route: AzureRoute, model: string): string {
  if (route.deployment) return route.deployment;
  return urlPart('deploymentName', route.modelAsDeployment ? model.replaceAll('.', '') : model);
}
