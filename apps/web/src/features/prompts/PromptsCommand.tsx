import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import clsx from 'clsx';
import type { PromptGroup } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import type { Slots } from '../../platform/slots';
import { useAuth } from '../auth';
import { PROMPT_INPUT_ID } from '../chat';
import { useAllPromptGroups, usePromptsShown } from './api';
import {
  extractVariables,
  fillVariables,
  matchPrompts,
  replaceSpecialVars,
  type PromptVariable,
} from './variables';

/** The form for a prompt's variables loads the first time a prompt has some. */
const VariablesDialog = lazy(() => import('./VariablesDialog'));

/** Prompts the list shows at once. */
const MAX_SHOWN = 8;

/** `/` at the start of the box, then the word typed so far (no space yet). */
const COMMAND = /^\/(\S*)$/;

interface Pending {
  name: string;
  text: string;
  variables: PromptVariable[];
}

const box = () => document.getElementById(PROMPT_INPUT_ID) as HTMLTextAreaElement | null;

/**
 * The message box's `/` list (LibreChat's prompts command): typing `/` at the start of the box
 * lists the person's prompts (and the shared ones) whose command starts with, or whose name
 * holds, what follows; arrows move, Enter or Tab picks, Escape closes. A pick puts the production
 * text in the box, the specials filled in, after a form for its variables when it has any.
 */
export function PromptsCommand({ text, setText, disabled }: Slots['chat.input.tools']): ReactNode {
  const { t } = useTranslation();
  const { user } = useAuth();
  const shown = usePromptsShown();
  const listId = useId();
  const match = COMMAND.exec(text);
  // Escape closes the list for the text it was pressed on; typing on opens it again.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const active = shown && !disabled && match !== null && dismissed !== text && pending === null;
  const groups = useAllPromptGroups(active);
  const query = match?.[1] ?? '';
  const found = useMemo(
    () =>
      active && groups.data
        ? matchPrompts(
            groups.data.filter((g) => g.productionPrompt !== null),
            query,
          ).slice(0, MAX_SHOWN)
        : [],
    [active, groups.data, query],
  );
  const open = found.length > 0;
  const [index, setIndex] = useState(0);
  const [seenQuery, setSeenQuery] = useState(query);
  if (seenQuery !== query) {
    setSeenQuery(query);
    setIndex(0);
  }
  const current = Math.min(index, Math.max(found.length - 1, 0));
  const optionId = (i: number) => `${listId}-option-${i}`;

  const pick = (group: PromptGroup) => {
    const production = group.productionPrompt;
    if (!production) return;
    const filled = replaceSpecialVars(production.prompt, { now: new Date(), userName: user?.name });
    const variables = extractVariables(filled);
    if (variables.length === 0) {
      setText(filled);
      box()?.focus();
      return;
    }
    setDismissed(text);
    setPending({ name: group.name, text: filled, variables });
  };

  // The keys reach the list before the box (a capture listener on the document): Enter picks
  // rather than sends, Escape closes the list rather than stopping a reply.
  const latest = useRef({ found, current, pick, text });
  latest.current = { found, current, pick, text };
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== box() || e.isComposing) return;
      const now = latest.current;
      const n = now.found.length;
      if (e.key === 'ArrowDown') setIndex((now.current + 1) % n);
      else if (e.key === 'ArrowUp') setIndex((now.current - 1 + n) % n);
      else if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
        const chosen = now.found[now.current];
        if (chosen) now.pick(chosen);
      } else if (e.key === 'Escape') setDismissed(now.text);
      else return;
      e.preventDefault();
      e.stopPropagation();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);

  // While the list is open the box names it and its chosen option (the attributes a text box may
  // carry: its markup is the chat's), so a screen reader follows the arrows.
  useEffect(() => {
    const el = box();
    if (!el || !open) return;
    el.setAttribute('aria-autocomplete', 'list');
    el.setAttribute('aria-controls', listId);
    el.setAttribute('aria-activedescendant', optionId(current));
    return () => {
      for (const name of ['aria-autocomplete', 'aria-controls', 'aria-activedescendant'])
        el.removeAttribute(name);
    };
  });

  const form = box()?.form ?? null;
  return (
    <>
      {open &&
        form &&
        createPortal(
          <ul
            id={listId}
            role="listbox"
            aria-label={t('com_ui_prompts')}
            data-testid="prompts-command-list"
            className="absolute inset-x-0 bottom-full z-20 mb-2 max-h-72 overflow-y-auto rounded-xl border border-border-medium bg-surface-primary p-1 shadow-lg"
          >
            {found.map((group, i) => (
              <li
                key={group._id}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                data-testid="prompts-command-option"
                // The box keeps the focus (and the keys) while the mouse picks.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setIndex(i)}
                onClick={() => pick(group)}
                className={clsx(
                  'flex cursor-pointer flex-col rounded-lg px-3 py-2 text-sm',
                  i === current ? 'bg-surface-active' : 'hover:bg-surface-tertiary',
                )}
              >
                <span className="flex items-baseline gap-2">
                  <span className="truncate font-medium text-text-primary">{group.name}</span>
                  {group.command && (
                    <span className="shrink-0 text-xs text-text-secondary" dir="ltr">
                      /{group.command}
                    </span>
                  )}
                </span>
                <span className="truncate text-xs text-text-secondary">
                  {group.oneliner || group.productionPrompt?.prompt}
                </span>
              </li>
            ))}
          </ul>,
          form,
        )}
      {pending && (
        <Suspense fallback={null}>
          <VariablesDialog
            name={pending.name}
            variables={pending.variables}
            onClose={() => {
              setPending(null);
              box()?.focus();
            }}
            onSubmit={(values) => {
              setText(fillVariables(pending.text, values));
              setPending(null);
              box()?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
