import { PLUGIN_KEYS } from '@chat/contract';
import { argsObject, type PluginDefinition } from './types.js';

/** Whether Intl knows the time zone. */
function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The current date and time, in UTC or a given IANA time zone. */
export function datetimePlugin(now: () => Date = () => new Date()): PluginDefinition {
  return {
    key: PLUGIN_KEYS.datetime,
    name: 'Current Date and Time',
    description: 'Tells the current date, time and weekday, in UTC or any time zone.',
    icon: '/assets/plugins/datetime.svg',
    authConfig: [],
    parameters: {
      type: 'object',
      properties: {
        timeZone: { type: 'string', description: 'An IANA time zone such as "Europe/Paris"; default UTC' },
      },
      additionalProperties: false,
    },
    async run(args) {
      const given = argsObject(args).timeZone;
      const timeZone = typeof given === 'string' && given.trim() ? given.trim() : 'UTC';
      if (!validZone(timeZone)) throw new Error(`Unknown time zone "${timeZone}"`);
      const at = now();
      const local = new Intl.DateTimeFormat('en-US', {
        timeZone,
        dateStyle: 'full',
        timeStyle: 'long',
      }).format(at);
      return { output: `${local} (ISO ${at.toISOString()})` };
    },
  };
}
