import { useEffect } from 'react';
import { useStableNavigate } from '../../../hooks/useStableNavigate';
import { NEW_CONVO } from '@chat/contract';
import { onAdoption } from './adopt-id';

/**
 * While the view shows /c/new (or /a/new: `base`), follows the new conversation to /c/<id> (/a/<id>) once adoptConversationId
 * has moved it there (in place of the /c/new history entry).
 */
export function useFollowNewConversation(routeId: string, base: '/c' | '/a' = '/c'): void {
  const navigate = useStableNavigate();
  useEffect(() => {
    if (routeId !== NEW_CONVO) return;
    return onAdoption(({ from, to }) => {
      if (from === routeId) void navigate(`${base}/${to}`, { replace: true });
    });
  }, [routeId, navigate, base]);
}
