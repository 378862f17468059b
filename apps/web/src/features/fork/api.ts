import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type ForkConversationBody, type ForkConversationResponse } from '@chat/contract';
import { callApi } from '../../api/call';
import { upsertConvoInCache } from '../../api/convos-cache';
import { ApiError } from '../../api/http';
import { useToast } from '../../components/ui/Toast';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { useTranslation } from '../../hooks/useTranslation';

const forkConversation = (body: ForkConversationBody) => callApi(API_ROUTE_PATHS.forkConversation, { body });

const duplicateConversation = (conversationId: string) =>
  callApi(API_ROUTE_PATHS.duplicateConversation, { body: { conversationId } });

/**
 * A copy made (fork or duplicate): the new conversation goes to the top of the sidebar and opens
 * at /c/<id> with a success toast; a refusal is an error toast (its own text past the limit).
 */
function useCopyMutation<A>(
  run: (arg: A) => Promise<ForkConversationResponse>,
  texts: { success: string; error: string },
) {
  const qc = useQueryClient();
  const toast = useToast();
  const navigate = useStableNavigate();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: run,
    onSuccess: ({ conversation }) => {
      upsertConvoInCache(qc, conversation);
      navigate(`/c/${conversation.conversationId}`);
      toast.show({ message: t(texts.success), severity: 'success' });
    },
    onError: (err) => {
      const limited = err instanceof ApiError && err.status === 429;
      toast.show({ message: t(limited ? 'com_ui_fork_error_rate_limit' : texts.error), severity: 'error' });
    },
  });
}

export const useForkConversation = () =>
  useCopyMutation(forkConversation, { success: 'com_ui_fork_success', error: 'com_ui_fork_error' });

export const useDuplicateConversation = () =>
  useCopyMutation(duplicateConversation, {
    success: 'com_ui_duplication_success',
    error: 'com_ui_duplication_error',
  });
