import type { FeatureModule } from '../../platform/module.js';
import { assistantOptionsConfigurer, createAssistantChat } from './chat.js';
import { createAssistantsRepo } from './repo.js';
import { assistantsRoutes } from './routes.js';
import { createAssistantsService } from './service.js';

/**
 * Assistants: kept in our database (OpenAI retired its Assistants API) and run
 * by the ask pipeline through chat completions with tools on a configured endpoint
 * (docs/decisions.md, Assistants).
 */
export const assistantsModule: FeatureModule = {
  name: 'assistants',
  register({ app, db, config, use, extend }) {
    const toolbox = use('pluginToolbox');
    const assistants = createAssistantsService({
      repo: createAssistantsRepo(db),
      toolbox,
      endpoints: () => config.endpoints,
    });
    const chat = createAssistantChat({
      assistants,
      convos: use('convos'),
      toolbox,
      pipeline: use('askPipeline'),
      endpoints: () => config.endpoints,
    });
    extend('askConfigurers', assistantOptionsConfigurer);
    assistantsRoutes(app, assistants, chat);
  },
};
