import { createContext, useContext } from 'react';
import type { ConversationOptions, EndpointsConfig, ModelsConfig } from '@chat/contract';
import type { SetupBase } from '../conversation-options';

/**
 * What a feature adds to the chat's setup (its endpoint menu and what each ask carries), as data,
 * beside the components it puts in the screen's slots (platform/slots.tsx). app/features.ts lists
 * each feature's object, one line per feature; the chat reads them through ChatExtensionsProvider.
 */
export interface ChatExtension {
  /** Endpoints whose entries and asks the feature supplies (the agents endpoint). */
  endpointKinds?: readonly EndpointKind[];
  /** Options of the conversation the feature adds (artifacts). */
  conversationOptions?: readonly ConversationOption[];
}

/** The endpoint menu's data: endpoints and each one's models. */
export interface MenuData {
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
}

/**
 * An endpoint whose "models" are something of the feature's (an agent), whose asks go to the
 * feature's own route.
 */
export interface EndpointKind {
  endpoint: string;
  /**
   * The menu with this endpoint's entries. A hook: the chat's setup calls every kind's on every
   * render, in the list's fixed order.
   */
  useMenu(menu: MenuData): MenuData;
  /**
   * The entry a saved conversation of this endpoint stands for (its agent's id): kept even when
   * the menu no longer has it, so the feature can say so rather than another entry answering.
   */
  savedEntry(convo: SetupBase): string | null | undefined;
  /** Where an ask and an edit go, and what they carry besides the options, for the entry chosen. */
  route(entry: string): { ask: string; edit: string; body: Record<string, unknown> };
  /**
   * The entries are personas: a reply is signed, and the empty chat greeted, with the entry's
   * label in the menu (its name) rather than the endpoint's.
   */
  persona?: boolean;
}

/**
 * An option kept on the conversation (saved with it by the server), chosen in the view and sent
 * with each ask.
 */
export interface ConversationOption<V = unknown> {
  id: string;
  /** Its value saved on the conversation; undefined when it has none. */
  saved(convo: SetupBase | undefined): V | undefined;
  /** Its value before anything is chosen or saved. */
  initial: V;
  /** The next ask's options with it, from the value in effect and the saved one. */
  apply(options: ConversationOptions, value: V, saved: V | undefined): ConversationOptions;
}

/** Defines a conversation option, its value's type kept for `optionValue`. */
export const conversationOption = <V>(option: ConversationOption<V>): ConversationOption<V> => option;

export interface ChatExtensions {
  endpointKinds: readonly EndpointKind[];
  conversationOptions: readonly ConversationOption[];
}

/** Merges the features' extensions; two features claiming one endpoint or option id is a mistake. */
export function createChatExtensions(list: readonly ChatExtension[]): ChatExtensions {
  const endpointKinds = list.flatMap((e) => e.endpointKinds ?? []);
  const conversationOptions = list.flatMap((e) => e.conversationOptions ?? []);
  const twice = (names: string[]) => names.find((n, i) => names.indexOf(n) !== i);
  const endpoint = twice(endpointKinds.map((k) => k.endpoint));
  if (endpoint !== undefined) throw new Error(`Two features supply the endpoint ${endpoint}`);
  const option = twice(conversationOptions.map((o) => o.id));
  if (option !== undefined) throw new Error(`Two features add the conversation option ${option}`);
  return { endpointKinds, conversationOptions };
}

const NONE: ChatExtensions = { endpointKinds: [], conversationOptions: [] };
const Extensions = createContext<ChatExtensions>(NONE);

export const ChatExtensionsProvider = Extensions.Provider;

export function useChatExtensions(): ChatExtensions {
  return useContext(Extensions);
}

/** The kind that supplies this endpoint, if a feature does. */
export function endpointKindOf(
  extensions: ChatExtensions,
  endpoint: string | null,
): EndpointKind | undefined {
  return endpoint === null ? undefined : extensions.endpointKinds.find((k) => k.endpoint === endpoint);
}
