import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { azureRoute, DEFAULT_AZURE_API_VERSION } from './target.js';

const target = { instanceName: 'my-instance', deploymentName: 'my-deployment', apiVersion: '2024-10-21' };

describe('azureRoute', () => {
  it('builds on the instance name when there is no base URL', () => {
    expect(azureRoute({ apiKey: 'k', baseURL: undefined, azure: target })).toEqual({
      baseURL: undefined,
      resourceName: 'my-instance',
      deployment: 'my-deployment',
      apiVersion: '2024-10-21',
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
});
