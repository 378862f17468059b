import { useId, useState, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { ACTION_AUTHORIZATION_TYPES, ACTION_LIMITS, type ActionAuthorizationType } from '@chat/contract';
import { ApiError } from '../../api/http';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { IconButton } from '../../components/ui/IconButton';
import { useTranslation } from '../../hooks/useTranslation';
import { useActions, useDeleteAction, useSaveAction, type SaveActionBody } from './api';
import { outlineOf } from './spec-outline';

const inputClass =
  'w-full rounded-lg border border-border-medium bg-surface-primary px-3 py-2 text-sm text-text-primary placeholder:text-text-tertiary focus-visible:ring-2 focus-visible:ring-ring-primary focus-visible:outline-none';

type AuthChoice = 'none' | ActionAuthorizationType;

/**
 * The Agent Builder's Actions section (for the agent's owner): the agent's actions with the
 * operations each gives it, and a form to add one from a pasted OpenAPI spec, with no auth or an
 * API key (Basic, Bearer or a named header). A stored key is never shown, only that there is one.
 */
export default function ActionsSection({ agentId }: { agentId: string }): ReactNode {
  const { t } = useTranslation();
  const actions = useActions();
  const save = useSaveAction();
  const remove = useDeleteAction();
  const [spec, setSpec] = useState('');
  const [auth, setAuth] = useState<AuthChoice>('none');
  const [header, setHeader] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [noServer, setNoServer] = useState(false);
  const ids = { spec: useId(), auth: useId(), header: useId(), key: useId() };
  const mine = (actions.data ?? []).filter((a) => a.agent_id === agentId);
  const error = save.error ?? remove.error;

  const add = () => {
    const outline = outlineOf(spec);
    setNoServer(!outline.domain);
    if (!outline.domain) return;
    remove.reset();
    const body: SaveActionBody = {
      // The server makes the functions from the spec again; these tell it what the page read.
      functions: (outline.functions.length > 0 ? outline.functions : ['action']).map((name) => ({
        type: 'function',
        function: { name },
      })),
      metadata: {
        domain: outline.domain,
        raw_spec: spec,
        auth:
          auth === 'none'
            ? { type: 'none' }
            : {
                type: 'service_http',
                authorization_type: auth,
                ...(auth === 'custom' ? { custom_auth_header: header.trim() } : {}),
              },
        ...(auth === 'none' ? {} : { api_key: apiKey }),
      },
    };
    save.mutate(
      { agentId, body },
      {
        onSuccess: () => {
          setSpec('');
          setApiKey('');
        },
      },
    );
  };

  return (
    <fieldset className="flex flex-col gap-2" data-testid="agent-actions">
      <legend className="mb-1 text-sm font-medium text-text-primary">{t('com_actions_title')}</legend>
      {mine.length === 0 ? (
        <p className="text-[13px] text-text-secondary">{t('com_actions_none')}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {mine.map((a) => (
            <li
              key={a.action_id}
              className="flex items-center gap-2 rounded-lg border border-border-light px-3 py-2 text-sm"
              data-testid="agent-action"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-text-primary">{a.metadata.domain}</p>
                <p className="truncate text-[13px] text-text-secondary">
                  {a.functions.join(', ')}
                  {a.metadata.api_key_set ? ` · ${t('com_actions_key_saved')}` : ''}
                </p>
              </div>
              <IconButton
                label={t('com_actions_delete', { domain: a.metadata.domain })}
                onClick={() => {
                  save.reset();
                  remove.mutate({ agentId, actionId: a.action_id });
                }}
                disabled={remove.isPending}
                data-testid="agent-action-delete"
              >
                <Trash2 className="size-4" aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={ids.spec} className="text-sm text-text-primary">
        {t('com_actions_spec')}
      </label>
      <textarea
        id={ids.spec}
        rows={6}
        className={`${inputClass} resize-y font-mono text-xs`}
        value={spec}
        maxLength={ACTION_LIMITS.specMaxChars}
        placeholder={t('com_actions_spec_placeholder')}
        onChange={(e) => setSpec(e.target.value)}
        data-testid="agent-action-spec"
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.auth} className="text-sm text-text-primary">
            {t('com_actions_auth')}
          </label>
          <select
            id={ids.auth}
            className={`${inputClass} h-10`}
            value={auth}
            onChange={(e) => setAuth(e.target.value as AuthChoice)}
            data-testid="agent-action-auth"
          >
            <option value="none">{t('com_actions_auth_none')}</option>
            {ACTION_AUTHORIZATION_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {t(`com_actions_auth_${kind}`)}
              </option>
            ))}
          </select>
        </div>
        {auth === 'custom' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.header} className="text-sm text-text-primary">
              {t('com_actions_header')}
            </label>
            <input
              id={ids.header}
              className={inputClass}
              value={header}
              maxLength={128}
              placeholder="X-Api-Key"
              onChange={(e) => setHeader(e.target.value)}
              data-testid="agent-action-header"
            />
          </div>
        )}
      </div>
      {auth !== 'none' && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.key} className="text-sm text-text-primary">
            {t('com_actions_api_key')}
          </label>
          <input
            id={ids.key}
            type="password"
            autoComplete="off"
            className={inputClass}
            value={apiKey}
            maxLength={ACTION_LIMITS.apiKeyMaxChars}
            onChange={(e) => setApiKey(e.target.value)}
            data-testid="agent-action-key"
          />
        </div>
      )}
      {(error || noServer) && (
        <Alert data-testid="agent-action-error">
          <p>{t('com_actions_save_failed')}</p>
          <p className="mt-1">
            {noServer
              ? t('com_actions_no_server')
              : error instanceof ApiError && error.issues?.[0]
                ? error.issues[0].message
                : error?.message}
          </p>
        </Alert>
      )}
      <div className="flex justify-end">
        <Button
          variant="secondary"
          onClick={add}
          loading={save.isPending}
          disabled={!spec.trim() || (auth !== 'none' && !apiKey)}
          data-testid="agent-action-add"
        >
          {t('com_actions_add')}
        </Button>
      </div>
    </fieldset>
  );
}
