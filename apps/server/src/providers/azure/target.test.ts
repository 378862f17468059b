import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { azureRoute, baseURLFor, DEFAULT_AZURE_API_VERSION, deploymentOf } from './target.js';

const target = { instanceName: 'my-instance', deploymentName: 'my-deployment', apiVersion: '2024-10-21' };

describe('azureRoute', () => {
  it('builds on the instance name when there is no base URL', () => {
    expect(azureRoute({ apiKey: 'k', baseURL: undefined, azure: target })).toEqual({
      baseURL: undefined,
      resourceName: 'my-instance',
      deployment: 'my-deployment',
      apiVersion: '2024-10-21',
      modelAsDeployment: false,
    });
  });

  it('takes a base URL as the deployments’ parent, or a whole deployment URL with placeholders', () => {
    expect(azureRoute({ apiKey: 'k', baseURL: 'https://gw.example/openai/', azure: target })).toMatchObject({
      baseURL: 'https://gw.example/openai',
      deployment: 'my-deployment',
    });
    const whole = 'https://${INSTANCE_NAME}.openai.azure.com/openai/deployments/${DEPLOYMENT_NAME}';
    expect(azureRoute({ apiKey: 'k', baseURL: whole, azure: target })).toMatchObject({
      baseURL: 'https://my-instance.openai.azure.com/openai',
      deployment: 'my-deployment',
    });
    expect(azureRoute({ apiKey: 'k', baseURL: 'https://h/openai/deployments/fixed%20one' })).toMatchObject({
      deployment: 'fixed one',
      apiVersion: DEFAULT_AZURE_API_VERSION,
    });
  });

  it('leaves the deployment to the model when the target names none, and refuses no address', () => {
    expect(azureRoute({ apiKey: 'k', baseURL: 'https://h/openai' }).deployment).toBeUndefined();
    expect(() => azureRoute({ apiKey: 'k', baseURL: undefined })).toThrow(AppError);
  });

  it('takes the model, periods removed, as the deployment with AZURE_USE_MODEL_AS_DEPLOYMENT_NAME', () => {
    const route = azureRoute({ apiKey: 'k', baseURL: undefined, azure: target }, true);
    expect(route).toMatchObject({
      resourceName: 'my-instance',
      deployment: undefined,
      modelAsDeployment: true,
    });
    expect(deploymentOf(route, 'gpt-3.5-turbo')).toBe('gpt-35-turbo');
    expect(deploymentOf(route, 'gpt-4o')).toBe('gpt-4o');
    // Without the setting, a target with no deployment sends the model's name as it is.
    expect(deploymentOf(azureRoute({ apiKey: 'k', baseURL: 'https://h/openai' }), 'gpt-4.1')).toBe('gpt-4.1');

    // ${DEPLOYMENT_NAME} in a base URL stands for the model's deployment, per request.
    const whole = azureRoute(
      {
        apiKey: 'k',
        baseURL: 'https://${INSTANCE_NAME}.example/openai/deployments/${DEPLOYMENT_NAME}',
        azure: target,
      },
      true,
    );
    expect(whole).toMatchObject({ baseURL: 'https://my-instance.example/openai', deployment: undefined });
    expect(deploymentOf(whole, 'gpt-4.1-mini')).toBe('gpt-41-mini');
    const gateway = azureRoute(
      { apiKey: 'k', baseURL: 'https://gw.example/azure/${INSTANCE_NAME}/${DEPLOYMENT_NAME}', azure: target },
      true,
    );
    expect(baseURLFor(gateway, 'gpt-4.1')).toBe('https://gw.example/azure/my-instance/gpt-41');
    // A fixed deployment in the URL still wins.
    const fixed = azureRoute(
      { apiKey: 'k', baseURL: 'https://h/openai/deployments/one', azure: target },
      true,
    );
    expect(deploymentOf(fixed, 'gpt-4o')).toBe('one');
  });
});

describe('values that make the URL', () => {
  const creds = (azure: Partial<typeof target>, baseURL?: string) => ({
    apiKey: 'k',
    baseURL,
    azure: { ...target, ...azure },
  });

  it('refuses an instance name that would change the host, with or without a base URL', () => {
    for (const instanceName of ['10.0.0.5:80/#', 'evil.example/x?', 'a b', 'inst@host', '-x']) {
      expect(() => azureRoute(creds({ instanceName }))).toThrow(/instance name is not valid/);
      expect(() =>
        azureRoute(creds({ instanceName }, 'https://${INSTANCE_NAME}.openai.azure.com/openai')),
      ).toThrow(/instance name is not valid/);
    }
  });

  it('refuses a deployment or an API version that would change the path or the query', () => {
    for (const deploymentName of ['../../admin', 'a/b', 'a?x=1', 'a#', '%2e%2e']) {
      expect(() => azureRoute(creds({ deploymentName }))).toThrow(/deployment name is not valid/);
    }
    for (const apiVersion of ['2024-10-21&x=1', '2024-10-21#', '../v1', '2024-10-21 ']) {
      expect(() => azureRoute(creds({ apiVersion }))).toThrow(/API version is not valid/);
    }
  });

  it('refuses a model used as the deployment that is not a deployment name', () => {
    const route = azureRoute(creds({ deploymentName: '' }, 'https://h/openai'));
    expect(() => deploymentOf(route, '../../admin')).toThrow(/deployment name is not valid/);
    expect(deploymentOf(route, 'gpt-4o')).toBe('gpt-4o');
  });
});
