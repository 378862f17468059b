import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PROMPT_LIMITS, type PromptType } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import { useCreatePrompt } from './api';
import { CategoryOptions, SelectField, TextAreaField, VariablesHint } from './fields';
import { checkCommand, checkName, checkPrompt, commandInput, type FieldErrors } from './form-rules';

/** A new group with its first version (its production one). */
export function NewPromptForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (groupId: string) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const create = useCreatePrompt();
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [oneliner, setOneliner] = useState('');
  const [command, setCommand] = useState('');
  const [text, setText] = useState('');
  const [type, setType] = useState<PromptType>('text');
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => nameRef.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: FieldErrors = {};
    checkName(name, found);
    checkCommand(command, found);
    checkPrompt(text, found);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        prompt: { prompt: text, type },
        group: { name, category, oneliner, command: command.trim() || null },
      },
      {
        onSuccess: (made) => {
          toast.show({ message: t('com_ui_prompt_saved'), severity: 'success' });
          onCreated(made.prompt.groupId);
        },
        onError: () => toast.show({ message: t('com_ui_prompt_save_error'), severity: 'error' }),
      },
    );
  };

  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid="prompt-new-form"
    >
      <TextField
        ref={nameRef}
        label={t('com_ui_prompt_name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name ? t(errors.name) : undefined}
        maxLength={PROMPT_LIMITS.nameMaxChars}
        autoComplete="off"
        data-testid="prompt-name"
      />
      <TextField
        label={t('com_ui_prompt_oneliner')}
        value={oneliner}
        onChange={(e) => setOneliner(e.target.value)}
        maxLength={PROMPT_LIMITS.onelinerMaxChars}
        autoComplete="off"
        data-testid="prompt-oneliner"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={t('com_ui_prompt_category')}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          data-testid="prompt-category"
        >
          <CategoryOptions current={category} />
        </SelectField>
        <TextField
          label={t('com_ui_prompt_command')}
          value={command}
          onChange={(e) => setCommand(commandInput(e.target.value))}
          error={errors.command ? t(errors.command) : undefined}
          maxLength={PROMPT_LIMITS.commandMaxChars}
          autoComplete="off"
          dir="ltr"
          data-testid="prompt-command"
        />
        <SelectField
          label={t('com_ui_prompt_type')}
          value={type}
          onChange={(e) => setType(e.target.value === 'chat' ? 'chat' : 'text')}
          data-testid="prompt-type"
        >
          <option value="text">{t('com_ui_prompt_type_text')}</option>
          <option value="chat">{t('com_ui_prompt_type_chat')}</option>
        </SelectField>
      </div>
      <TextAreaField
        label={t('com_ui_prompt_text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        hint={<VariablesHint />}
        error={errors.prompt ? t(errors.prompt) : undefined}
        rows={6}
        data-testid="prompt-text"
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('com_ui_cancel')}
        </Button>
        <Button type="submit" loading={create.isPending} data-testid="prompt-create">
          {t('com_ui_prompt_create')}
        </Button>
      </div>
    </form>
  );
}
