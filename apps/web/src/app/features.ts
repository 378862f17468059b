import { createSlotRegistry, type Slots } from '../platform/slots';
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
  ...memoriesSlots,
  ...shortcutsSlots,
  ...temporaryChatsSlots,
  ...twoFactorSlots,
  ...toolsMenuSlots,
  ...voiceSlots,
]);
