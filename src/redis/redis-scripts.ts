import type { Redis } from 'ioredis';

/** A Lua script as ioredis defines it: a fixed number of keys, or none given (passed with each call). */
export interface ScriptDefinition {
  numberOfKeys?: number;
  lua: string;
}

/**
 * The client with these scripts defined on it as commands, each once per client: ioredis then
 * sends EVALSHA, and the script itself only when Redis lacks it (after a restart or a flush).
 */
export function withScripts<T>(client: Redis, definitions: Record<keyof T & string, ScriptDefinition>): T {
  const commands = client as unknown as Record<string, unknown>;
  for (const [name, definition] of Object.entries<ScriptDefinition>(definitions)) {
    if (typeof commands[name] !== 'function') client.defineCommand(name, definition);
  }
  return client as unknown as T;
}
