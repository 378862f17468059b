import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { GOOGLE_GEMINI_PRO_MAX_OUTPUT } from '@chat/contract';
import '../../app/i18n';
import { OptionsPopover, type OptionsPopoverProps } from './OptionsPopover';

afterEach(cleanup);

async function setup(props: Partial<OptionsPopoverProps> = {}) {
  const onChange = vi.fn();
  const onReset = vi.fn();
  render(
    <OptionsPopover
      endpointType="google"
      model="gemini-pro"
      values={{}}
      onChange={onChange}
      onReset={onReset}
      {...props}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Model options' }));
  // The panel is its own chunk: it appears once loaded.
  return { onChange, onReset, panel: await screen.findByRole('dialog', { name: 'Model options' }) };
}

describe('OptionsPopover', () => {
  it("shows the endpoint type's parameters with the contract's ranges, defaults and the model's cap", async () => {
    const { panel } = await setup();
    expect(
      within(panel)
        .getAllByRole('spinbutton')
        .map((i) => i.getAttribute('data-testid')),
    ).toEqual([
      'param-temperature-input',
      'param-topP-input',
      'param-topK-input',
      'param-maxOutputTokens-input',
    ]);
    const max = within(panel).getByRole('spinbutton', { name: 'Max output tokens' }) as HTMLInputElement;
    expect(max.max).toBe(String(GOOGLE_GEMINI_PRO_MAX_OUTPUT));
    expect(max.value).toBe(String(GOOGLE_GEMINI_PRO_MAX_OUTPUT));
    const temperature = within(panel).getByRole('spinbutton', { name: 'Temperature' }) as HTMLInputElement;
    expect(temperature.value).toBe('0.20');
    expect([temperature.min, temperature.max, temperature.step]).toEqual(['0', '1', '0.01']);
    expect(within(panel).getByRole('slider', { name: 'Top K' })).toBeTruthy();
    expect(temperature.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(panel).getByText('Default: 0.20')).toBeTruthy();
  });

  it('shows the values in effect, fitted to the range', async () => {
    const { panel } = await setup({
      model: 'chat-bison',
      values: { maxOutputTokens: 8000, temperature: 0.5 },
    });
    expect(
      (within(panel).getByRole('spinbutton', { name: 'Max output tokens' }) as HTMLInputElement).value,
    ).toBe('2048');
    expect((within(panel).getByRole('spinbutton', { name: 'Temperature' }) as HTMLInputElement).value).toBe(
      '0.50',
    );
  });

  it('commits a typed value fitted to the range on Enter or blur, and a slider move at once', async () => {
    const { panel, onChange } = await setup({ endpointType: 'openAI', model: 'gpt-4o' });
    const temperature = within(panel).getByRole('spinbutton', { name: 'Temperature' });
    fireEvent.change(temperature, { target: { value: '3.5' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(temperature, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('temperature', 2);
    const penalty = within(panel).getByRole('spinbutton', { name: 'Frequency penalty' });
    fireEvent.change(penalty, { target: { value: '-0.555' } });
    fireEvent.blur(penalty);
    expect(onChange).toHaveBeenLastCalledWith('frequency_penalty', -0.56);
    fireEvent.change(penalty, { target: { value: '' } });
    fireEvent.blur(penalty);
    expect(onChange).toHaveBeenCalledTimes(2);
    fireEvent.change(within(panel).getByRole('slider', { name: 'Top P' }), { target: { value: '0.3' } });
    expect(onChange).toHaveBeenLastCalledWith('top_p', 0.3);
    // No slider for a count up to a million: the number field only.
    expect(within(panel).queryByRole('slider', { name: 'Max output tokens' })).toBeNull();
  });

  it('resets to the defaults (only when something differs) and closes on Escape', async () => {
    const { panel, onReset } = await setup({ values: { topK: 10 } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Reset to defaults' }));
    expect(onReset).toHaveBeenCalledOnce();
    fireEvent.keyDown(within(panel).getByRole('slider', { name: 'Top K' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Model options' }));
    cleanup();
    const fresh = await setup();
    expect(
      (within(fresh.panel).getByRole('button', { name: 'Reset to defaults' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says when the endpoint has no options', async () => {
    const { panel } = await setup({ endpointType: 'bingAI', model: 'x' });
    expect(within(panel).getByText('This endpoint has no adjustable options.')).toBeTruthy();
  });
});

describe('OptionsPopover: the conversation fields', () => {
  const fields = (over: Partial<NonNullable<OptionsPopoverProps['conversation']>> = {}) => ({
    values: {},
    onChange: vi.fn(),
    toolsSelected: false,
    ...over,
  });

  it('sets the custom name, prompt prefix, image resend and detail of an OpenAI conversation', async () => {
    const conversation = fields({ values: { promptPrefix: 'Be brief.' } });
    const { panel } = await setup({ endpointType: 'openAI', model: 'gpt-4o', conversation });
    const prefix = within(panel).getByRole('textbox', { name: 'Prompt prefix' }) as HTMLTextAreaElement;
    expect(prefix.value).toBe('Be brief.');
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Custom name' }), {
      target: { value: 'Helper' },
    });
    expect(conversation.onChange).toHaveBeenLastCalledWith('chatGptLabel', 'Helper');
    fireEvent.change(prefix, { target: { value: '' } });
    expect(conversation.onChange).toHaveBeenLastCalledWith('promptPrefix', null);
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Resend images' }));
    expect(conversation.onChange).toHaveBeenLastCalledWith('resendImages', true);
    const detail = within(panel).getByRole('combobox', { name: 'Image detail' }) as HTMLSelectElement;
    expect(detail.value).toBe('auto');
    fireEvent.change(detail, { target: { value: 'high' } });
    expect(conversation.onChange).toHaveBeenLastCalledWith('imageDetail', 'high');
  });

  it('offers only what the endpoint takes: no image detail on Anthropic, no image options on Google', async () => {
    const anthropic = await setup({ endpointType: 'anthropic', model: 'claude-3', conversation: fields() });
    expect(within(anthropic.panel).queryByRole('checkbox', { name: 'Resend images' })).toBeTruthy();
    expect(within(anthropic.panel).queryByRole('combobox', { name: 'Image detail' })).toBeNull();
    cleanup();
    const google = await setup({ conversation: fields() });
    expect(within(google.panel).getByRole('textbox', { name: 'Custom name' })).toBeTruthy();
    expect(within(google.panel).queryByRole('checkbox', { name: 'Resend images' })).toBeNull();
  });

  it('disables the custom name and prompt prefix while plugins are selected, and says why', async () => {
    const { panel } = await setup({
      endpointType: 'gptPlugins',
      model: 'gpt-4o',
      conversation: fields({ toolsSelected: true }),
    });
    const name = within(panel).getByRole('textbox', { name: 'Custom name' }) as HTMLInputElement;
    const prefix = within(panel).getByRole('textbox', { name: 'Prompt prefix' }) as HTMLTextAreaElement;
    expect([name.disabled, prefix.disabled]).toEqual([true, true]);
    expect(within(panel).getByText('Not used while plugins are selected.')).toBeTruthy();
  });
});

describe('OptionsPopover: the plugins agent', () => {
  it("sets the agent's model, temperature and skip-completion, from the defaults", async () => {
    const onChange = vi.fn();
    const { panel } = await setup({
      endpointType: 'gptPlugins',
      model: 'gpt-4o',
      conversation: { values: {}, onChange, toolsSelected: true, agentModels: ['gpt-4o', 'gpt-3.5-turbo'] },
    });
    const agent = within(panel).getByRole('group', { name: 'Agent' });
    const model = within(agent).getByRole('combobox', { name: 'Agent model' }) as HTMLSelectElement;
    expect(model.value).toBe('gpt-3.5-turbo');
    expect(
      (within(agent).getByRole('spinbutton', { name: 'Agent temperature' }) as HTMLInputElement).value,
    ).toBe('0');
    const skip = within(agent).getByRole('checkbox') as HTMLInputElement;
    expect(skip.checked).toBe(true);
    fireEvent.change(model, { target: { value: 'gpt-4o' } });
    expect(onChange).toHaveBeenLastCalledWith('agentOptions', { model: 'gpt-4o' });
    fireEvent.change(within(agent).getByRole('spinbutton', { name: 'Agent temperature' }), {
      target: { value: '5' },
    });
    expect(onChange).toHaveBeenLastCalledWith('agentOptions', { temperature: 2 });
    fireEvent.click(skip);
    expect(onChange).toHaveBeenLastCalledWith('agentOptions', { skipCompletion: false });
  });
});

describe('OptionsPopover: read-only', () => {
  it('keeps its fields shown but unchangeable while a reply is being written', async () => {
    const props: OptionsPopoverProps = {
      endpointType: 'openAI',
      model: 'gpt-4o',
      values: {},
      onChange: vi.fn(),
      onReset: vi.fn(),
      conversation: { values: {}, onChange: vi.fn(), toolsSelected: false },
    };
    const { rerender } = render(<OptionsPopover {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Model options' }));
    const panel = await screen.findByRole('dialog', { name: 'Model options' });
    const temperature = within(panel).getByRole('spinbutton', { name: 'Temperature' }) as HTMLInputElement;
    const prefix = within(panel).getByRole('textbox', { name: 'Prompt prefix' }) as HTMLTextAreaElement;
    expect(temperature.matches(':disabled')).toBe(false);
    rerender(<OptionsPopover {...props} disabled />);
    expect(temperature.matches(':disabled')).toBe(true);
    expect(prefix.matches(':disabled')).toBe(true);
  });
});

describe('OptionsPopover: Google examples', () => {
  it('writes, adds and removes example pairs; removing the last leaves one empty pair', async () => {
    const onChange = vi.fn();
    const examples = [{ input: { content: 'Marco?' }, output: { content: 'Polo.' } }];
    const { panel } = await setup({ conversation: { values: { examples }, onChange, toolsSelected: false } });
    const group = within(panel).getByRole('group', { name: 'Examples' });
    const input = within(group).getByRole('textbox', { name: 'Example 1: input' }) as HTMLTextAreaElement;
    expect(input.value).toBe('Marco?');
    fireEvent.change(within(group).getByRole('textbox', { name: 'Example 1: output' }), {
      target: { value: 'Polo!' },
    });
    expect(onChange).toHaveBeenLastCalledWith('examples', [
      { input: { content: 'Marco?' }, output: { content: 'Polo!' } },
    ]);
    fireEvent.click(within(group).getByRole('button', { name: 'Add example' }));
    expect(onChange).toHaveBeenLastCalledWith('examples', [
      ...examples,
      { input: { content: '' }, output: { content: '' } },
    ]);
    fireEvent.click(within(group).getByRole('button', { name: 'Remove example 1' }));
    expect(onChange).toHaveBeenLastCalledWith('examples', [
      { input: { content: '' }, output: { content: '' } },
    ]);
  });

  it('offers one empty pair to a conversation without examples, and none to other endpoints', async () => {
    const google = await setup({ conversation: { values: {}, onChange: vi.fn(), toolsSelected: false } });
    expect(within(google.panel).getAllByTestId('example')).toHaveLength(1);
    cleanup();
    const openai = await setup({
      endpointType: 'openAI',
      model: 'gpt-4o',
      conversation: { values: {}, onChange: vi.fn(), toolsSelected: false },
    });
    expect(within(openai.panel).queryByTestId('examples-fields')).toBeNull();
  });
});
