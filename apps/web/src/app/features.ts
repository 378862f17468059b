import { createSlotRegistry, type Slots } from '../platform/slots';
import { createChatExtensions } from '../features/chat';
import { agentsChat, agentsSlots } from '../features/agents';
import { actionsSlots } from '../features/actions';
import { artifactsChat, artifactsSlots } from '../features/artifacts';
import { assistantsSlots } from '../features/assistants';
import { billingSlots } from '../features/billing';
import { bookmarksSlots } from '../features/bookmarks';
import { compareSlots } from '../features/compare';
import { pluginsSlots } from '../features/plugins';
import { presetsSlots } from '../features/presets';
import { promptsSlots } from '../features/prompts';
import { shareSlots } from '../features/share';
import { forkSlots } from '../features/fork';
import { feedbackSlots } from '../features/feedback';
import { fileSearchSlots } from '../features/file-search';
import { memoriesSlots } from '../features/memories';
import { shortcutsSlots } from '../features/shortcuts';
import { temporaryChatsSlots } from '../features/temporary-chats';
import { twoFactorSlots } from '../features/two-factor';
import { toolsMenuSlots } from '../features/tools-menu';
import { voiceSlots } from '../features/voice';

/**
 * What each feature adds to the screens' slots (platform/slots.tsx), one line per feature: a list
 * of features, not their contents (each one's fills are in its own slots.tsx). Their order here
 * does not matter: each slot orders its fills by their own `order` and `after`. In the signed-in
 * app's chunk (app/layouts/ChatLayout.tsx provides it), so the public site's first load has none.
 */
export const featureSlots = createSlotRegistry<Slots>([
  ...agentsSlots,
  ...actionsSlots,
  ...artifactsSlots,
  ...assistantsSlots,
  ...billingSlots,
  ...bookmarksSlots,
  ...compareSlots,
  ...pluginsSlots,
  ...presetsSlots,
  ...promptsSlots,
  ...shareSlots,
  ...forkSlots,
  ...feedbackSlots,
  ...fileSearchSlots,
  ...memoriesSlots,
  ...shortcutsSlots,
  ...temporaryChatsSlots,
  ...twoFactorSlots,
  ...toolsMenuSlots,
  ...voiceSlots,
]);

/**
 * What features add to the chat's setup as data (features/chat/extensions.ts): endpoints of their
 * own and options of the conversation. One line per feature; provided beside featureSlots.
 */
export const chatExtensions = createChatExtensions([agentsChat, artifactsChat]);
