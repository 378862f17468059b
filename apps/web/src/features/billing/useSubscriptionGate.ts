import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { API_ROUTE_PATHS, canSendOnFreeTier, isFreeTierUser, type User } from '@chat/contract';
import { callApi } from '../../api/call';
import { useStartupConfig } from '../../api/config';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { useAuth } from '../auth';
import type * as Decision from './decision';
import {
  isCheckoutReturn,
  paymentRedirect,
  pendingMessage,
  refusalDialog,
  type SubscriptionDialog,
} from './session';

type Rules = typeof Decision;
const loadRules = (): Promise<Rules> => import('./decision');

/** How often an open subscription dialog asks whether the user became valid (a webhook landed). */
const SUBSCRIPTION_POLL_MS = 2_000;

export interface SubscriptionGate {
  /**
   * Sends `text` through `send` if the user may: the cached user first, then once
   * refreshed; otherwise opens the dialog and answers, once the user became valid and the message
   * went, true (false when the dialog was closed). A send without subscriptions goes at once.
   */
  guard: (text: string) => boolean | Promise<boolean>;
  /** The dialog open now, and whether it waits for a paid checkout to show up. */
  dialog: SubscriptionDialog | null;
  confirming: boolean;
  close: () => void;
  /** A send the server refused (402 code) opens its dialog. */
  refused: (code: string | undefined) => void;
  user: User | null;
}

interface Pending {
  text: string;
  resolve?: (sent: boolean) => void;
}

/**
 * The chat's subscription check: only with subscriptionsEnabled,
 * for display only (the server's ask gate answers 402 anyway). A message refused here is kept
 * (also across the redirect to Stripe Checkout) and goes once the user is valid: the open dialog
 * polls the user, and the return from a paid checkout (/c/new?checkout=success) reopens it as
 * "confirming" until the webhook made the user valid.
 */
export function useSubscriptionGate(send: (text: string) => boolean, ready: boolean): SubscriptionGate {
  const { user, setUser } = useAuth();
  const enabled = useStartupConfig().data?.subscriptionsEnabled === true;
  const [dialog, setDialog] = useState<SubscriptionDialog | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [flush, setFlush] = useState(false);
  const [rules, setRules] = useState<Rules | null>(null);
  const pending = useRef<Pending | null>(null);
  const sendRef = useRef(send);
  sendRef.current = send;
  const live = useRef({ user, enabled, rules });
  live.current = { user, enabled, rules };

  // The rules (and the contract's billing module) load only where subscriptions are on.
  useEffect(() => {
    if (enabled) void loadRules().then((m) => setRules(m));
  }, [enabled]);
  const { search, pathname } = useLocation();
  const navigate = useStableNavigate();

  const refresh = useCallback(async (): Promise<User | null> => {
    try {
      // GET /api/user: the user as the server has it now (a webhook may have changed it).
      const fresh = await callApi(API_ROUTE_PATHS.user, {});
      setUser(fresh);
      return fresh;
    } catch {
      return null;
    }
  }, [setUser]);

  const close = useCallback(() => {
    setDialog(null);
    setConfirming(false);
    pendingMessage.clear();
    pending.current?.resolve?.(false);
    pending.current = null;
  }, []);

  const guard = useCallback(
    (text: string): boolean | Promise<boolean> => {
      const { user: cached, enabled: on, rules: loaded } = live.current;
      // Free-tier flow: refreshed on every send; none left (or no answer): Trial Ended.
      if (isFreeTierUser(cached)) {
        return (async () => {
          const fresh = await refresh();
          if (fresh && canSendOnFreeTier(fresh)) return sendRef.current(text);
          pending.current?.resolve?.(false);
          pending.current = null;
          setDialog('trialEnded');
          return false;
        })();
      }
      if (!on || (cached && loaded?.canSendWithSubscription(cached))) return sendRef.current(text);
      return (async () => {
        const [fresh, { sendDecision }] = await Promise.all([refresh(), loaded ?? loadRules()]);
        if (!fresh) {
          console.warn('subscription check: the user could not be loaded; the message was not sent');
          return false;
        }
        const decision = sendDecision(fresh);
        if (decision === 'send') return sendRef.current(text);
        pending.current?.resolve?.(false);
        // Kept across the redirect to Stripe Checkout (the portal's return sends nothing).
        if (decision === 'plans') pendingMessage.save(text);
        setDialog(decision);
        return new Promise<boolean>((resolve) => {
          pending.current = { text, resolve };
        });
      })();
    },
    [refresh],
  );

  const refused = useCallback(
    (code: string | undefined) => {
      const kind = refusalDialog(code);
      if (!kind || (!live.current.enabled && kind !== 'trialEnded')) return;
      // The cached user may still look valid (the open dialog would close at once): the server's
      // answer comes first. A subscription the billing portal handles goes there, not to plans.
      void refresh().then(async (fresh) => {
        if (kind !== 'plans' || !fresh) return setDialog(kind);
        const { sendDecision } = live.current.rules ?? (await loadRules());
        setDialog(sendDecision(fresh) === 'payment' ? 'payment' : kind);
      });
    },
    [refresh],
  );

  // Back from a paid Stripe Checkout: the message kept before it goes once the webhook landed.
  const returned = enabled && isCheckoutReturn(search);
  useEffect(() => {
    if (!returned) return;
    const text = pendingMessage.take();
    if (text) pending.current = { text };
    setConfirming(true);
    setDialog('plans');
    navigate(pathname, { replace: true });
  }, [returned, pathname, navigate]);

  // A free-tier visitor with nothing left (a returning one: the device's account keeps its count)
  // sees Trial Ended on arrival, not after typing a message that cannot go. Once per page: closed,
  // it opens again only on a send.
  const exhausted = isFreeTierUser(user) && !!user && !canSendOnFreeTier(user);
  const toldExhausted = useRef(false);
  useEffect(() => {
    if (!exhausted || toldExhausted.current) return;
    toldExhausted.current = true;
    setDialog('trialEnded');
  }, [exhausted]);

  // The open dialog closes itself as soon as the user is valid.
  const valid = !!user && !!rules && rules.canSendWithSubscription(user);
  useEffect(() => {
    // Trial Ended waits for Register (or a close): free messages do not come back.
    if (!dialog || dialog === 'trialEnded') return;
    if (valid) {
      // Leaving for the express path's redirect: the page that comes back sends the message.
      if (paymentRedirect.leaving) return;
      setDialog(null);
      setConfirming(false);
      pendingMessage.clear();
      if (pending.current) setFlush(true);
      return;
    }
    const timer = setInterval(() => void refresh(), SUBSCRIPTION_POLL_MS);
    return () => clearInterval(timer);
  }, [dialog, valid, refresh]);

  // The kept message goes once the chat can send (its endpoint and model are there).
  useEffect(() => {
    if (!flush || !ready) return;
    const p = pending.current;
    pending.current = null;
    setFlush(false);
    if (!p) return;
    const ok = sendRef.current(p.text);
    p.resolve?.(ok);
  }, [flush, ready]);

  return { guard, dialog, confirming, close, refused, user };
}
