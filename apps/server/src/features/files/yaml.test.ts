import { describe, expect, it } from 'vitest';
import { DEFAULT_FILE_CONFIG, endpointFileConfig, UPLOAD_LIMITS } from '@chat/contract';
import { parseYamlConfig } from '../../config/yaml-config.js';

const MB = 1024 * 1024;
const parse = (text: string) => parseYamlConfig(`version: 1.2.1\n${text}`, '/etc/librechat.yaml', {});
const OFF = { disabled: true, fileLimit: 0, fileSizeLimit: 0, totalSizeLimit: 0, supportedMimeTypes: [] };

describe('librechat.yaml fileConfig', () => {
  it('is read, not named among the keys ignored', () => {
    const yaml = parse('fileConfig:\n  serverFileSizeLimit: 10\n');
    expect(yaml.ignored).toEqual([]);
    expect(yaml.fileConfig?.serverFileSizeLimit).toBe(10 * MB);
    expect(yaml.fileConfig?.avatarSizeLimit).toBe(DEFAULT_FILE_CONFIG.avatarSizeLimit);
  });

  it('merges an endpoint over the file’s default, and that over the built-in limits, field by field', () => {
    const yaml = parse(
      [
        'fileConfig:',
        '  endpoints:',
        '    default:',
        '      fileLimit: 4',
        '      totalSizeLimit: 12',
        '    openAI:',
        '      fileSizeLimit: 1.5',
        '      supportedMimeTypes: ["^image/png$"]',
        '    anthropic:',
        '      disabled: true',
        '      fileLimit: 3',
        '',
      ].join('\n'),
    );
    const config = yaml.fileConfig!;
    expect(config.endpoints.default).toEqual({
      disabled: false,
      fileLimit: 4,
      fileSizeLimit: UPLOAD_LIMITS.maxFileBytes,
      totalSizeLimit: 12 * MB,
      supportedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
    });
    expect(config.endpoints.openAI).toEqual({
      disabled: false,
      fileLimit: 4,
      fileSizeLimit: 1.5 * MB,
      totalSizeLimit: 12 * MB,
      supportedMimeTypes: ['image/png'],
    });
    // `disabled: true` turns everything off, as in LibreChat, whatever else the entry says.
    expect(config.endpoints.anthropic).toEqual(OFF);
    // An endpoint without an entry takes the default; those that never take files stay off.
    expect(endpointFileConfig(config, 'google')).toEqual(config.endpoints.default);
    expect(config.endpoints.gptPlugins).toEqual(OFF);
    expect(yaml.unhonoured).toEqual([]);
  });

  it('gives custom endpoints without an entry the `custom` one', () => {
    const yaml = parse(
      [
        'endpoints:',
        '  custom:',
        '    - name: Ollama',
        '      apiKey: ollama',
        '      baseURL: http://127.0.0.1:11434/v1',
        '      models: { default: [llama3] }',
        '    - name: Groq',
        '      apiKey: groq',
        '      baseURL: https://api.groq.com/openai/v1',
        '      models: { default: [llama3] }',
        'fileConfig:',
        '  endpoints:',
        '    custom: { fileLimit: 2 }',
        '    Groq: { disabled: true }',
        '',
      ].join('\n'),
    );
    expect(yaml.fileConfig!.endpoints.Ollama?.fileLimit).toBe(2);
    expect(yaml.fileConfig!.endpoints.Groq).toEqual(OFF);
  });

  it('lowers a limit above what the product can hold to its ceiling, and says so', () => {
    const yaml = parse(
      [
        'fileConfig:',
        '  serverFileSizeLimit: 100',
        '  avatarSizeLimit: 5',
        '  endpoints:',
        '    default: { fileLimit: 50, fileSizeLimit: 100, totalSizeLimit: 1000 }',
        '    google: { supportedMimeTypes: ["^application/pdf$"] }',
        '',
      ].join('\n'),
    );
    const config = yaml.fileConfig!;
    expect(config.serverFileSizeLimit).toBe(20 * MB);
    expect(config.avatarSizeLimit).toBe(2 * MB);
    expect(config.endpoints.default).toMatchObject({
      fileLimit: 10,
      fileSizeLimit: 20 * MB,
      totalSizeLimit: 200 * MB,
    });
    expect(config.endpoints.google?.supportedMimeTypes).toEqual([]);
    expect(yaml.unhonoured).toEqual([
      `fileConfig.serverFileSizeLimit (at most ${20 * MB} bytes here)`,
      `fileConfig.avatarSizeLimit (at most ${2 * MB} bytes here)`,
      'fileConfig.endpoints.default.fileLimit (at most 10 files here)',
      `fileConfig.endpoints.default.fileSizeLimit (at most ${20 * MB} bytes here)`,
      `fileConfig.endpoints.default.totalSizeLimit (at most ${200 * MB} bytes here)`,
      'fileConfig.endpoints.google.supportedMimeTypes (only JPEG, PNG and WebP images are taken here)',
    ]);
  });

  it('stops start-up on a MIME type that is not a regular expression, naming its place', () => {
    expect(() =>
      parse(
        'fileConfig:\n  endpoints:\n    openAI:\n      supportedMimeTypes: ["^image/(png", "image/.*"]\n',
      ),
    ).toThrow(
      /\/etc\/librechat\.yaml:\n {2}fileConfig\.endpoints\.openAI\.supportedMimeTypes\[0\]: is not a valid regular expression/,
    );
    expect(() => parse('fileConfig:\n  endpoints:\n    openAI:\n      fileSizeLimit: -1\n')).toThrow(
      /fileConfig\.endpoints\.openAI\.fileSizeLimit: /,
    );
  });

  it('names LibreChat’s keys it does not read', () => {
    const yaml = parse('fileConfig:\n  fileTokenLimit: 1000\n  endpoints: { default: { fileLimit: 3 } }\n');
    expect(yaml.ignored).toEqual(['fileConfig.fileTokenLimit']);
    expect(yaml.fileConfig?.endpoints.default?.fileLimit).toBe(3);
  });
});
