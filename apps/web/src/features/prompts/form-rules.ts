import { PROMPT_COMMAND_PATTERN, PROMPT_LIMITS } from '@chat/contract';

/** The contract's rules for a group's fields, as the forms check them before sending. */
export type FieldErrors = Partial<
  Record<
    'name' | 'command' | 'prompt',
    | 'com_ui_prompt_name_required'
    | 'com_ui_prompt_name_too_long'
    | 'com_ui_prompt_command_invalid'
    | 'com_ui_prompt_text_required'
    | 'com_ui_prompt_text_too_long'
  >
>;

export function checkName(name: string, errors: FieldErrors): void {
  const n = name.trim();
  if (n === '') errors.name = 'com_ui_prompt_name_required';
  else if (n.length > PROMPT_LIMITS.nameMaxChars) errors.name = 'com_ui_prompt_name_too_long';
}

export function checkCommand(command: string, errors: FieldErrors): void {
  const c = command.trim();
  if (c !== '' && (c.length > PROMPT_LIMITS.commandMaxChars || !PROMPT_COMMAND_PATTERN.test(c))) {
    errors.command = 'com_ui_prompt_command_invalid';
  }
}

export function checkPrompt(text: string, errors: FieldErrors): void {
  if (text.trim() === '') errors.prompt = 'com_ui_prompt_text_required';
  else if (text.length > PROMPT_LIMITS.promptMaxChars) errors.prompt = 'com_ui_prompt_text_too_long';
}

/** What a person types as a command, as LibreChat's field keeps it: lowercase, no spaces. */
export const commandInput = (raw: string) => raw.toLowerCase().replace(/\s+/g, '-');
