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

/** LibreChat's placeholders in AZURE_OPENAI_BASEURL, filled from the target. */
function fillPlaceholders(url: string, target: Partial<AzureTarget>, modelAsDeployment: boolean): string {
  const filled = url.replaceAll('${INSTANCE_NAME}', target.instanceName ?? '');
  return modelAsDeployment ? filled : filled.replaceAll(DEPLOYMENT_PLACEHOLDER, target.deploymentName ?? '');
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
  const apiVersion = target.apiVersion || DEFAULT_AZURE_API_VERSION;
  const deployment = modelAsDeployment ? undefined : target.deploymentName || undefined;
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
  return { baseURL: undefined, resourceName: target.instanceName, deployment, apiVersion, modelAsDeployment };
}

/** The base URL of a request for `model`: a ${DEPLOYMENT_NAME} left in it is the model's deployment. */
export function baseURLFor(route: AzureRoute, model: string): string | undefined {
  return route.baseURL?.replaceAll(DEPLOYMENT_PLACEHOLDER, encodeURIComponent(deploymentOf(route, model)));
}

/** The deployment a request for `model` goes to on `route`. */
export function deploymentOf(route: AzureRoute, model: string): string {
  if (route.deployment) return route.deployment;
  return route.modelAsDeployment ? model.replaceAll('.', '') : model;
}
