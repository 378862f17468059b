import { useId, useState, type FormEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { AGENT_LIMITS, type Agent, type EndpointsConfig, type ModelsConfig } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import { usePlugins } from '../../api/plugins';
import { ApiError } from '../../api/http';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CheckField } from '../../components/ui/CheckField';
import { Slot } from '../../platform/slots';
import { endpointLabel } from '../model-select';
import { AgentFiles } from './AgentFiles';
import {
  useAgentAvatar,
  useAgents,
  useCreateAgent,
  useDeleteAgent,
  useShareAgent,
  useUpdateAgent,
} from './api';
import {
  agentProviders,
  bodyOf,
  emailsOf,
  emptyValues,
  toolChoices,
  valuesOf,
  type AgentFormValues,
} from './form';

const inputClass =
  'w-full rounded-lg border border-border-medium bg-surface-primary px-3 py-2 text-sm text-text-primary placeholder:text-text-tertiary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30';

export interface AgentBuilderProps {
  endpointsConfig: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  /** The agent chosen in the chat (edited when it is the person's own); null: a new one. */
  selectedId: string | null;
  /** Chat with this agent (after saving it). */
  onChoose: (id: string) => void;
  onClose: () => void;
}

/**
 * LibreChat's agent builder: pick one of your agents or a new one; its name, description,
 * instructions, endpoint and model, tools, conversation starters and who it is shared with.
 */
export default function AgentBuilder(props: AgentBuilderProps) {
  const { t } = useTranslation();
  const agents = useAgents();
  const own = (agents.data ?? []).filter((a) => a.permissions.includes('EDIT'));
  const initial = own.find((a) => a.id === props.selectedId) ?? null;
  const [editing, setEditing] = useState<string | null>(initial?.id ?? null);
  const agent = own.find((a) => a.id === editing) ?? null;
  const pickId = useId();
  return (
    <div className="flex flex-col gap-4" data-testid="agent-builder">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={pickId} className="text-sm font-medium text-text-primary">
          {t('com_agents_select')}
        </label>
        <select
          id={pickId}
          value={editing ?? ''}
          onChange={(e) => setEditing(e.target.value || null)}
          className={clsx(inputClass, 'h-10')}
          data-testid="agent-select"
        >
          <option value="">{t('com_agents_new')}</option>
          {own.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name || a.id}
            </option>
          ))}
        </select>
      </div>
      {/* A fresh form for each agent: its values are the agent's own. */}
      <AgentForm key={agent?.id ?? 'new'} {...props} agent={agent} onDeleted={() => setEditing(null)} />
    </div>
  );
}

function AgentForm({
  agent,
  endpointsConfig,
  models,
  onChoose,
  onClose,
  onDeleted,
}: AgentBuilderProps & { agent: Agent | null; onDeleted: () => void }) {
  const { t } = useTranslation();
  const providers = agentProviders(endpointsConfig);
  const [values, setValues] = useState<AgentFormValues>(() =>
    agent ? valuesOf(agent) : emptyValues(providers, models),
  );
  const plugins = usePlugins(true);
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const share = useShareAgent();
  const remove = useDeleteAgent();
  const avatar = useAgentAvatar();
  const saving = create.isPending || update.isPending || share.isPending;
  const error = create.error ?? update.error ?? share.error ?? remove.error ?? avatar.error;
  const shownAvatar = avatar.data?.avatar ?? agent?.avatar ?? null;
  // The agent as the cache has it now (its documents change while the form is open).
  const agents = useAgents();
  const currentAgent = agent ? agents.data?.find((a) => a.id === agent.id) : undefined;
  const set = <K extends keyof AgentFormValues>(key: K, value: AgentFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const modelOptions = models?.[values.provider] ?? [];
  const toolOptions = toolChoices(
    endpointsConfig,
    plugins.data ?? [],
    t('com_agents_tool_file_search'),
    values.tools,
  );
  const label = (endpoint: string) => endpointLabel(endpoint, endpointsConfig, t);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || !values.provider || !values.model) return;
    for (const m of [create, update, share, remove]) m.reset();
    try {
      const saved = agent
        ? await update.mutateAsync({ id: agent.id, body: bodyOf(values) })
        : await create.mutateAsync(bodyOf(values));
      const emails = emailsOf(values);
      const same =
        saved.isPublic === values.isPublic && (saved.sharedWith ?? []).join(',') === emails.join(',');
      if (!same) await share.mutateAsync({ id: saved.id, body: { public: values.isPublic, emails } });
      onChoose(saved.id);
      onClose();
    } catch {
      // Shown from the mutation's error below.
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="agent-form"
    >
      {agent && (
        <Field label={t('com_agents_avatar')}>
          {(id) => (
            <div className="flex items-center gap-3">
              {shownAvatar && (
                <img
                  src={shownAvatar.filepath}
                  alt=""
                  className="size-10 rounded-full object-cover"
                  data-testid="agent-avatar-preview"
                />
              )}
              <input
                id={id}
                type="file"
                accept="image/png,image/jpeg"
                disabled={avatar.isPending}
                className="text-sm text-text-secondary"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) avatar.mutate({ id: agent.id, file });
                }}
                data-testid="agent-avatar-input"
              />
            </div>
          )}
        </Field>
      )}
      <Field label={t('com_agents_name')}>
        {(id) => (
          <input
            id={id}
            className={inputClass}
            value={values.name}
            maxLength={AGENT_LIMITS.nameMaxChars}
            placeholder={t('com_agents_name_placeholder')}
            onChange={(e) => set('name', e.target.value)}
            data-testid="agent-name"
          />
        )}
      </Field>
      <Field label={t('com_agents_description')}>
        {(id) => (
          <input
            id={id}
            className={inputClass}
            value={values.description}
            maxLength={AGENT_LIMITS.descriptionMaxChars}
            placeholder={t('com_agents_description_placeholder')}
            onChange={(e) => set('description', e.target.value)}
            data-testid="agent-description"
          />
        )}
      </Field>
      <Field label={t('com_agents_instructions')}>
        {(id) => (
          <textarea
            id={id}
            rows={5}
            className={clsx(inputClass, 'resize-y')}
            value={values.instructions}
            maxLength={AGENT_LIMITS.instructionsMaxChars}
            placeholder={t('com_agents_instructions_placeholder')}
            onChange={(e) => set('instructions', e.target.value)}
            data-testid="agent-instructions"
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('com_agents_provider')}>
          {(id) => (
            <select
              id={id}
              className={clsx(inputClass, 'h-10')}
              value={values.provider}
              onChange={(e) => {
                const provider = e.target.value;
                setValues((v) => ({ ...v, provider, model: models?.[provider]?.[0] ?? '' }));
              }}
              data-testid="agent-provider"
            >
              {providers.map((p) => (
                <option key={p} value={p}>
                  {label(p)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('com_agents_model')}>
          {(id) => (
            <select
              id={id}
              className={clsx(inputClass, 'h-10')}
              value={values.model}
              onChange={(e) => set('model', e.target.value)}
              data-testid="agent-model"
            >
              {(modelOptions.includes(values.model) || !values.model
                ? modelOptions
                : [values.model, ...modelOptions]
              ).map((m) => (
                <option key={m} value={m}>
                  {endpointsConfig?.[values.provider]?.modelLabels?.[m] ?? m}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-text-primary">{t('com_agents_tools')}</legend>
        {plugins.isPending ? null : toolOptions.length === 0 ? (
          <p className="text-[13px] text-text-secondary">{t('com_agents_no_tools')}</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {toolOptions.map((tool) => (
              <CheckField
                key={tool.key}
                label={tool.name}
                checked={values.tools.includes(tool.key)}
                onChange={(on) =>
                  set('tools', on ? [...values.tools, tool.key] : values.tools.filter((k) => k !== tool.key))
                }
                testId={`agent-tool-${tool.key}`}
              />
            ))}
          </div>
        )}
      </fieldset>
      {/* The agent's documents, once it exists (an upload names the agent). */}
      {agent && values.tools.includes('file_search') && <AgentFiles agent={currentAgent ?? agent} />}
      {agent?.permissions.includes('EDIT') && <Slot name="agents.builder.sections" agentId={agent.id} />}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-text-primary">{t('com_agents_starters')}</legend>
        {values.starters.map((s, i) => (
          <input
            key={i}
            className={inputClass}
            value={s}
            maxLength={AGENT_LIMITS.conversationStarterMaxChars}
            aria-label={t('com_agents_starter_n', { n: i + 1 })}
            placeholder={t('com_agents_starter_placeholder')}
            onChange={(e) =>
              set(
                'starters',
                values.starters.map((x, j) => (j === i ? e.target.value : x)),
              )
            }
            data-testid={`agent-starter-${i}`}
          />
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-text-primary">{t('com_agents_sharing')}</legend>
        <CheckField
          label={t('com_agents_share_everyone')}
          checked={values.isPublic}
          onChange={(on) => set('isPublic', on)}
          testId="agent-share-public"
        />
        <Field label={t('com_agents_share_emails')}>
          {(id) => (
            <input
              id={id}
              className={inputClass}
              value={values.emails}
              placeholder="name@example.com"
              onChange={(e) => set('emails', e.target.value)}
              data-testid="agent-share-emails"
            />
          )}
        </Field>
      </fieldset>
      {error && (
        <Alert data-testid="agent-form-error">
          <p>{t('com_agents_save_failed')}</p>
          {error instanceof ApiError && error.issues && error.issues.length > 0 ? (
            <ul className="mt-1 list-disc ps-4">
              {error.issues.map((issue) => (
                <li key={`${issue.path}:${issue.message}`}>{issue.message}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-1">{error.message}</p>
          )}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {agent && (
          <Button
            variant="danger"
            className="me-auto"
            loading={remove.isPending}
            onClick={() => remove.mutate(agent.id, { onSuccess: onDeleted })}
            data-testid="agent-delete"
          >
            {t('com_ui_delete')}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          {t('com_ui_cancel')}
        </Button>
        <Button
          type="submit"
          loading={saving}
          disabled={!values.provider || !values.model}
          data-testid="agent-save"
        >
          {agent ? t('com_ui_save') : t('com_agents_create')}
        </Button>
      </div>
    </form>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text-primary">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
